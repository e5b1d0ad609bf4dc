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
    const listed = await listDeliveries.execute({ principal: given.liveKey, endpointId: endpoint.id });
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
    const listed = await listDeliveries.execute({ principal: given.owner, endpointId: endpoint.id });
    expect(listed.map((d) => d.id)).toEqual([b.id, a.id]);
  });

  it('is 404 for another account’s or another mode’s endpoint', async () => {
    const other = await givenAccount(context);
    const theirs = givenWebhook(context, other);
    const test = givenWebhook(context, given, { mode: 'test' });
    for (const [principal, endpointId] of [
      [given.liveKey, theirs.id],
      [given.owner, test.id],
      [given.liveKey, 'whe_missing'],
    ] as const) {
      await expect(listDeliveries.execute({ principal, endpointId })).rejects.toMatchObject({ code: 'not_found' });
    }
    expect(await listDeliveries.execute({ principal: given.testKey, endpointId: test.id })).toEqual([]);
  });
});
