import { type WebhookEndpointRecord } from '../ports/webhook-endpoint-store.port';
import { type Mode } from '@intake/domain-kernel';
import { newId } from '@intake/ids';
import { anEndpoint, InMemoryContext, InMemoryWebhookRelayStore } from '@intake/testing';
import { RELAY_BATCH, RelayWebhookEvents } from './relay-webhook-events';

describe('RelayWebhookEvents (the webhooks.relay pass)', () => {
  let context: InMemoryContext;
  let relay: RelayWebhookEvents;
  beforeEach(() => {
    context = new InMemoryContext();
    relay = context.use(RelayWebhookEvents);
  });

  const endpoint = async (accountId: string, overrides: Partial<WebhookEndpointRecord> = {}) => {
    const record = anEndpoint(accountId, overrides);
    await context.db.uow.run(() => context.webhookEndpoints.insert(record, 100));
    return record;
  };
  /** An event committed by the write path. */
  const commit = (accountId: string, mode: Mode, event: string, fields: Record<string, unknown> = {}) => {
    const payload = { event, intake_id: newId('intake'), project_name: 'Website', timestamp: 1_795_000_000, ...fields };
    return context.db.uow
      .run(() => context.db.outbox.append('webhook', { account_id: accountId, mode, payload }, context.clock.now()))
      .then(() => payload);
  };
  const deliveriesTo = (endpointId: string) =>
    context.db.webhookDeliveries.rows.filter((d) => d.endpoint_id === endpointId);

  it('delivers an event to each active endpoint of its account and mode that listens to it, and nowhere else', async () => {
    const live = await endpoint('acc_a', { events: ['item.submitted', 'intake.completed'] });
    const liveToo = await endpoint('acc_a', { events: ['item.submitted'] });
    const test = await endpoint('acc_a', { mode: 'test', events: ['item.submitted'] });
    const deaf = await endpoint('acc_a', { events: ['intake.archived'] });
    const off = await endpoint('acc_a', {
      events: ['item.submitted'],
      active: false,
      deactivated_at: context.clock.now(),
    });
    const otherAccount = await endpoint('acc_b', { events: ['item.submitted'] });

    const submitted = await commit('acc_a', 'live', 'item.submitted', { item_key: 'logo' });
    expect(await relay.run(context.clock.now())).toBe(1);

    for (const { id } of [live, liveToo]) {
      expect(deliveriesTo(id)).toEqual([
        expect.objectContaining({
          account_id: 'acc_a',
          event: 'item.submitted',
          payload: submitted,
          status: 'pending',
          attempts: 0,
          next_retry_at: context.clock.now(),
        }),
      ]);
    }
    for (const { id } of [test, deaf, off, otherAccount]) expect(deliveriesTo(id)).toEqual([]);
    expect(deliveriesTo(live.id)[0]?.id).toMatch(/^whd_/);
    expect(context.db.webhookWakeUps.rows).toEqual([{ channel: 'webhook_deliveries' }]);
  });

  it("a test intake's events go to the test endpoints only", async () => {
    const live = await endpoint('acc_a', { events: ['intake.archived'] });
    const test = await endpoint('acc_a', { mode: 'test', events: ['intake.archived'] });
    await commit('acc_a', 'test', 'intake.archived');
    await relay.run(context.clock.now());
    expect(deliveriesTo(live.id)).toEqual([]);
    expect(deliveriesTo(test.id)).toHaveLength(1);
  });

  it('marks every event relayed, those nobody listens to and unknown ones included, and relays each once', async () => {
    const listener = await endpoint('acc_a', { events: ['item.submitted'] });
    await commit('acc_a', 'live', 'intake.completed'); // nobody listens
    await commit('acc_a', 'live', 'intake.purged'); // not one of the seven
    await commit('acc_a', 'live', 'item.submitted');
    expect(await relay.run(context.clock.now())).toBe(3);
    expect(context.db.outbox.unpublished('webhook')).toEqual([]);
    expect(await relay.run(context.clock.now())).toBe(0);
    expect(deliveriesTo(listener.id)).toHaveLength(1);
  });

  it('nobody is woken when no delivery was made', async () => {
    await commit('acc_a', 'live', 'item.submitted');
    await relay.run(context.clock.now());
    expect(context.db.webhookWakeUps.rows).toEqual([]);
  });

  it(`works through a backlog in batches of ${RELAY_BATCH}, and stops between batches when told to`, async () => {
    const listener = await endpoint('acc_a', { events: ['item.submitted'] });
    await context.db.uow.run(async () => {
      for (let i = 0; i < RELAY_BATCH * 2 + 10; i += 1) await commit('acc_a', 'live', 'item.submitted', { n: i });
    });
    const stop = new AbortController();
    const batches: number[] = [];
    class CountingStore extends InMemoryWebhookRelayStore {
      override async claimEvents(limit: number) {
        const events = await super.claimEvents(limit);
        batches.push(events.length);
        if (batches.length === 2) stop.abort(); // SIGTERM while the second batch is relayed
        return events;
      }
    }
    const relay = new RelayWebhookEvents(context.db.uow, new CountingStore(context.db));
    expect(await relay.run(context.clock.now(), stop.signal)).toBe(RELAY_BATCH * 2);
    expect(batches).toEqual([RELAY_BATCH, RELAY_BATCH]);
    expect(await relay.run(context.clock.now())).toBe(10);
    expect(deliveriesTo(listener.id).map((d) => d.payload['n'])).toEqual(
      Array.from({ length: RELAY_BATCH * 2 + 10 }, (_, i) => i),
    );
  });
});
