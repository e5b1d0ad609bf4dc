import { type GivenAccount, givenAccount, givenDelivery, givenWebhook, InMemoryContext } from '@intake/testing';
import { ListDeliveries } from './list-deliveries';

describe('ListDeliveries', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let listDeliveries: ListDeliveries;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    listDeliveries = context.use(ListDeliveries);
  });

  it('shows the endpoint’s last 100 deliveries, newest first, without payload, lease or outbox id', async () => {
    const endpoint = givenWebhook(context, given);
    const other = givenWebhook(context, given);
    const ids: string[] = [];
    for (let i = 0; i < 105; i += 1) {
      ids.push(givenDelivery(context, endpoint, { outbox_id: i + 1 }).id);
      context.clock.advance(1);
    }
    givenDelivery(context, other);
    const delivered = givenDelivery(context, endpoint, {
      status: 'delivered',
      attempts: 2,
      response_code: 204,
      next_retry_at: null,
      delivered_at: context.clock.now(),
      lease_until: context.clock.now(),
    });
    const { endpoint: of, deliveries: listed } = await listDeliveries.execute({
      principal: given.liveKey,
      endpointId: endpoint.id,
    });
    expect(of).toMatchObject({ id: endpoint.id, mode: 'live' });
    expect(listed).toHaveLength(100);
    expect(listed.map((d) => d.id)).toEqual([delivered.id, ...ids.slice(6).reverse()]);
    expect(listed[0]).toEqual({
      id: delivered.id,
      endpoint_id: endpoint.id,
      event: 'item.submitted',
      status: 'delivered',
      attempts: 2,
      max_attempts: 6,
      next_retry_at: null,
      response_code: 204,
      error: null,
      created_at: delivered.created_at,
      delivered_at: delivered.delivered_at,
    });
  });

  it('orders deliveries of one instant by id, newest first', async () => {
    const endpoint = givenWebhook(context, given);
    const a = givenDelivery(context, endpoint, { id: 'whd_a' });
    const b = givenDelivery(context, endpoint, { id: 'whd_b' });
    const { deliveries: listed } = await listDeliveries.execute({ principal: given.owner, endpointId: endpoint.id });
    expect(listed.map((d) => d.id)).toEqual([b.id, a.id]);
  });

  it('is 404 for another account’s endpoint, and for a key another mode’s; a session reaches both modes', async () => {
    const other = await givenAccount(context);
    const theirs = givenWebhook(context, other);
    const test = givenWebhook(context, given, { mode: 'test' });
    const live = givenWebhook(context, given);
    const testDelivery = givenDelivery(context, test);
    for (const [principal, endpointId] of [
      [given.liveKey, theirs.id],
      [given.owner, theirs.id],
      [given.liveKey, test.id],
      [given.testKey, live.id],
      [given.liveKey, 'whe_missing'],
    ] as const) {
      await expect(listDeliveries.execute({ principal, endpointId })).rejects.toMatchObject({ code: 'not_found' });
    }
    const byKey = await listDeliveries.execute({ principal: given.testKey, endpointId: test.id });
    expect([byKey.endpoint.mode, byKey.deliveries.map((d) => d.id)]).toEqual(['test', [testDelivery.id]]);
    const bySession = await listDeliveries.execute({ principal: given.owner, endpointId: test.id });
    expect([bySession.endpoint.mode, bySession.deliveries.map((d) => d.id)]).toEqual(['test', [testDelivery.id]]);
  });
});
