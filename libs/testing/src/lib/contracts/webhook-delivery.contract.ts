import {
  type DeliveryOutcome,
  type DeliveryQueue,
  type DueDelivery,
  fanOut,
  type OutboxWebhookEvent,
  type WebhookEndpointRecord,
  type WebhookEndpointStore,
  type WebhookRelayStore,
} from '@intake/application-webhooks';
import { type Mode } from '@intake/domain-kernel';
import { type WebhookEvent } from '@intake/domain-webhooks';
import { newId, randomToken } from '@intake/ids';
import { type Outbox, type UnitOfWork } from '@intake/kernel';
import { type WebhookDeliveryRow } from '../in-memory/database';
import { at } from './intake-stores.fixture';
import { anEndpoint } from './webhook-stores.contract';

/** The delivery side of the webhooks context over one database, as its contract suites drive it. */
export interface WebhookDeliveryFixture {
  uow: UnitOfWork;
  outbox: Outbox;
  endpoints: WebhookEndpointStore;
  relay: WebhookRelayStore;
  queue: DeliveryQueue;
  /** A second handle on the same queue (its own connections where there are any): another dispatcher. */
  otherQueue: DeliveryQueue;
  createAccount(): Promise<string>;
  /** An endpoint's deliveries, whole rows (lease token included), oldest first. */
  deliveriesOf(endpointId: string): Promise<WebhookDeliveryRow[]>;
  /** How many `webhook_deliveries` wake-ups were delivered (committed) so far. */
  wakeUps(): Promise<number>;
  teardown(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A live endpoint of a fresh account listening to `events`. */
async function givenEndpoint(
  f: WebhookDeliveryFixture,
  overrides: Partial<WebhookEndpointRecord> = {},
  accountId?: string,
): Promise<WebhookEndpointRecord> {
  const endpoint = anEndpoint(accountId ?? (await f.createAccount()), overrides);
  await f.uow.run(() => f.endpoints.insert(endpoint, 100));
  return endpoint;
}

/** A committed webhook event of an account, as the write path appends it. */
async function commitEvent(
  f: WebhookDeliveryFixture,
  accountId: string,
  mode: Mode,
  event: WebhookEvent | string,
  extra: Record<string, unknown> = {},
) {
  const payload = { event, intake_id: newId('intake'), timestamp: 1_795_000_000, ...extra };
  await f.uow.run(() => f.outbox.append('webhook', { account_id: accountId, mode, payload }, at(0)));
  return payload;
}

/** Relays everything committed, as a relay pass does (its fan-out rule): every event to each subscribed endpoint. */
async function relayAll(f: WebhookDeliveryFixture, now: Date) {
  return f.uow.run(async () => {
    const events = await f.relay.claimEvents(1000);
    const subscribers = await f.relay.subscribers([...new Set(events.map((e) => e.account_id))]);
    const inserted = await f.relay.fanOut(
      fanOut(events, subscribers),
      events.map((e) => e.outbox_id),
      now,
    );
    return { events, inserted };
  });
}

/** Sets the fixture up before a suite and tears it down after; the getter reads it in tests. */
function useDeliveryFixture(setup: () => Promise<WebhookDeliveryFixture>): () => WebhookDeliveryFixture {
  let fixture: WebhookDeliveryFixture | undefined;
  beforeAll(async () => {
    fixture = await setup();
  }, 60_000);
  afterAll(async () => {
    await fixture?.teardown();
  });
  return () => {
    if (!fixture) throw new Error('the webhook delivery fixture is not set up');
    return fixture;
  };
}

/** The behaviour every WebhookRelayStore must have. */
export function describeWebhookRelayContract(name: string, setup: () => Promise<WebhookDeliveryFixture>): void {
  describe(`WebhookRelayStore contract: ${name}`, () => {
    const fixture = useDeliveryFixture(setup);
    let f: WebhookDeliveryFixture;
    beforeEach(() => (f = fixture()));

    it('gives committed webhook events oldest first with their account, mode and payload; never other topics or rolled-back ones', async () => {
      const accountId = await f.createAccount();
      const first = await commitEvent(f, accountId, 'live', 'item.submitted', { item_key: 'logo' });
      await f.uow.run(() => f.outbox.append('audit', { account_id: accountId }, at(0)));
      await f.uow
        .run(async () => {
          await f.outbox.append('webhook', { account_id: accountId, mode: 'live', payload: { event: 'x' } }, at(0));
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      const second = await commitEvent(f, accountId, 'test', 'intake.completed');

      const { events } = await relayAll(f, at(1));
      expect(events.map(({ account_id, mode, payload }) => ({ account_id, mode, payload }))).toEqual([
        { account_id: accountId, mode: 'live', payload: first },
        { account_id: accountId, mode: 'test', payload: second },
      ]);
      expect(Number(events[1]?.outbox_id)).toBeGreaterThan(Number(events[0]?.outbox_id));
      // Relayed: never given out again.
      expect((await relayAll(f, at(2))).events).toEqual([]);
    });

    it('lists the active endpoints of the accounts asked for, of both modes, with their events', async () => {
      const live = await givenEndpoint(f, { events: ['item.submitted'] });
      const test = await givenEndpoint(
        f,
        { mode: 'test', events: ['intake.archived', 'client.viewed'] },
        live.account_id,
      );
      await givenEndpoint(f, { active: false, deactivated_at: at(0) }, live.account_id);
      await givenEndpoint(f); // another account's
      const listed = await f.relay.subscribers([live.account_id]);
      expect(listed.sort((a, b) => a.mode.localeCompare(b.mode))).toEqual([
        { endpoint_id: live.id, account_id: live.account_id, mode: 'live', events: ['item.submitted'] },
        {
          endpoint_id: test.id,
          account_id: live.account_id,
          mode: 'test',
          events: ['intake.archived', 'client.viewed'],
        },
      ]);
      expect(await f.relay.subscribers([])).toEqual([]);
    });

    it('fans out into pending deliveries due at once, marks the events relayed and wakes the dispatchers once, at commit', async () => {
      const endpoint = await givenEndpoint(f, { events: ['item.submitted', 'intake.completed'] });
      const other = await givenEndpoint(f, { events: ['intake.completed'] }, endpoint.account_id);
      const submitted = await commitEvent(f, endpoint.account_id, 'live', 'item.submitted');
      const completed = await commitEvent(f, endpoint.account_id, 'live', 'intake.completed');
      const heard = await f.wakeUps();

      const { events, inserted } = await relayAll(f, at(5));
      expect(inserted).toBe(3);
      expect(await f.wakeUps()).toBe(heard + 1);
      const rows = await f.deliveriesOf(endpoint.id);
      expect(rows.map((r) => r.payload)).toEqual(expect.arrayContaining([submitted, completed]));
      expect(rows[0]).toMatchObject({
        endpoint_id: endpoint.id,
        account_id: endpoint.account_id,
        status: 'pending',
        attempts: 0,
        max_attempts: 6,
        next_retry_at: at(5),
        created_at: at(5),
        lease_until: null,
        response_code: null,
        error: null,
        delivered_at: null,
      });
      expect(rows.map((r) => String(r.outbox_id)).sort()).toEqual(events.map((e) => e.outbox_id).sort());
      expect((await f.deliveriesOf(other.id)).map((r) => [r.event, r.payload])).toEqual([
        ['intake.completed', completed],
      ]);
    });

    it('never inserts a second delivery of one event to one endpoint; an empty fan-out still marks, and wakes nobody', async () => {
      const endpoint = await givenEndpoint(f, { events: ['intake.archived'] });
      await commitEvent(f, endpoint.account_id, 'live', 'intake.archived');
      const { events } = await relayAll(f, at(6));
      const [event] = events as [OutboxWebhookEvent];
      const heard = await f.wakeUps();
      const again = await f.uow.run(() =>
        f.relay.fanOut(
          [
            {
              id: newId('webhookDelivery'),
              endpoint_id: endpoint.id,
              account_id: endpoint.account_id,
              outbox_id: event.outbox_id,
              event: 'intake.archived',
              payload: {},
            },
          ],
          [event.outbox_id],
          at(7),
        ),
      );
      expect(again).toBe(0);
      expect(await f.wakeUps()).toBe(heard);
      expect(await f.deliveriesOf(endpoint.id)).toHaveLength(1);

      await commitEvent(f, endpoint.account_id, 'live', 'item.submitted'); // nobody listens
      const nobody = await relayAll(f, at(8));
      expect(nobody).toMatchObject({ inserted: 0, events: [expect.anything()] });
      expect(await f.wakeUps()).toBe(heard);
      expect((await relayAll(f, at(9))).events).toEqual([]);
    });

    it('keeps nothing of a fan-out whose unit of work fails: the events stay to relay, nobody is woken', async () => {
      const endpoint = await givenEndpoint(f, { events: ['intake.archived'] });
      await commitEvent(f, endpoint.account_id, 'live', 'intake.archived');
      const heard = await f.wakeUps();
      await expect(
        f.uow.run(async () => {
          const events = await f.relay.claimEvents(1000);
          await f.relay.fanOut(
            events.map((e) => ({
              id: newId('webhookDelivery'),
              endpoint_id: endpoint.id,
              account_id: e.account_id,
              outbox_id: e.outbox_id,
              event: 'intake.archived',
              payload: e.payload,
            })),
            events.map((e) => e.outbox_id),
            at(10),
          );
          throw new Error('the relay crashed');
        }),
      ).rejects.toThrow('the relay crashed');
      expect(await f.deliveriesOf(endpoint.id)).toEqual([]);
      expect(await f.wakeUps()).toBe(heard);
      expect((await relayAll(f, at(11))).inserted).toBe(1);
    });

    it('two relays at once never take one event', async () => {
      const endpoint = await givenEndpoint(f, { events: ['item.submitted'] });
      for (let i = 0; i < 40; i += 1) await commitEvent(f, endpoint.account_id, 'live', 'item.submitted');
      const claimHalf = () =>
        f.uow.run(async () => {
          const events = await f.relay.claimEvents(25);
          await sleep(50); // both hold their claims at once
          await f.relay.fanOut(
            [],
            events.map((e) => e.outbox_id),
            at(12),
          );
          return events.map((e) => e.outbox_id);
        });
      const [a, b] = await Promise.all([claimHalf(), claimHalf()]);
      expect(a.filter((id) => b.includes(id))).toEqual([]);
      expect(a.length + b.length).toBe(40);
    });
  });
}

/** Two pending deliveries of one endpoint due at `due` (through the relay), and the endpoint. */
async function givenDeliveries(
  f: WebhookDeliveryFixture,
  due: Date,
  count = 2,
  overrides: Partial<WebhookEndpointRecord> = {},
) {
  const endpoint = await givenEndpoint(f, { events: ['item.submitted'], ...overrides });
  for (let i = 0; i < count; i += 1)
    await commitEvent(f, endpoint.account_id, endpoint.mode, 'item.submitted', { n: i });
  await relayAll(f, due);
  const rows = await f.deliveriesOf(endpoint.id);
  return { endpoint, ids: rows.map((r) => r.id) };
}

const lease = (seconds = 60) => ({ token: randomToken(12), seconds });

const outcome = (delivery: DueDelivery, fields: Partial<DeliveryOutcome>): DeliveryOutcome => ({
  delivery_id: delivery.id,
  lease_token: delivery.lease_token,
  attempted: true,
  status: 'pending',
  response_code: 500,
  error: 'the receiver answered HTTP 500',
  next_retry_at: at(1_000),
  delivered_at: null,
  deactivate_endpoint: false,
  ...fields,
});

/** The behaviour every DeliveryQueue must have. */
export function describeDeliveryQueueContract(name: string, setup: () => Promise<WebhookDeliveryFixture>): void {
  describe(`DeliveryQueue contract: ${name}`, () => {
    const fixture = useDeliveryFixture(setup);
    let f: WebhookDeliveryFixture;
    beforeEach(() => (f = fixture()));

    /** Claims of `queue` at `now` among `ids` (other tests' deliveries are left recorded or leased). */
    const claim = async (queue: DeliveryQueue, ids: string[], now: Date, limit = 1000, seconds = 60) =>
      (await queue.claimDue(now, limit, lease(seconds))).filter((d) => ids.includes(d.id));
    /** Records every claimed delivery as retried much later, so nothing of a test stays due. */
    const putAside = async (claimed: DueDelivery[]) =>
      f.queue.record(
        claimed.map((d) => outcome(d, { next_retry_at: at(1_000_000) })),
        at(0),
      );

    it('leases due deliveries with their endpoint, earliest due first, up to the limit; not due ones stay', async () => {
      const later = await givenDeliveries(f, at(30), 1);
      const { endpoint, ids } = await givenDeliveries(f, at(20), 2, {
        url: 'https://hooks.example.com/in?k=1',
        format: 'slack',
      });
      expect(await claim(f.queue, [...ids, ...later.ids], at(19))).toEqual([]);

      const [earliest] = await f.queue.claimDue(at(40), 1, lease());
      expect(ids).toContain(earliest?.id); // due at 20, before the one due at 30
      const claimed = await claim(f.queue, [...ids, ...later.ids], at(25));
      expect(claimed.map((d) => d.id)).toEqual(ids.filter((id) => id !== earliest?.id));
      expect(claimed[0]).toEqual({
        id: expect.any(String),
        endpoint_id: endpoint.id,
        account_id: endpoint.account_id,
        event: 'item.submitted',
        payload: expect.objectContaining({ event: 'item.submitted' }),
        attempts: 0,
        max_attempts: 6,
        lease_token: expect.any(String),
        endpoint: {
          url: 'https://hooks.example.com/in?k=1',
          format: 'slack',
          secret_sealed: endpoint.secret_sealed,
          active: true,
        },
      });
      const row = (await f.deliveriesOf(endpoint.id)).find((r) => r.id === claimed[0]?.id);
      expect(row?.lease_until).not.toBeNull();
      expect(row?.lease_token).toBe(claimed[0]?.lease_token);
      await putAside([earliest as DueDelivery, ...claimed, ...(await claim(f.queue, later.ids, at(40)))]);
    });

    it('never hands a leased delivery to another claim; two dispatchers claiming at once never share one', async () => {
      const { ids } = await givenDeliveries(f, at(50), 30);
      const first = await claim(f.queue, ids, at(50), 10);
      expect(first).toHaveLength(10);
      const [a, b] = await Promise.all([claim(f.queue, ids, at(60), 8), claim(f.otherQueue, ids, at(60), 8)]);
      const rest = await claim(f.otherQueue, ids, at(60));
      // Every delivery handed out exactly once: the leased ones were never handed again.
      const taken = [...first, ...a, ...b, ...rest].map((d) => d.id);
      expect(taken.sort()).toEqual([...ids].sort());
      await putAside([...first, ...a, ...b, ...rest]);
    });

    it('records outcomes under their lease in one call: delivered, retried, failed, settled unsent', async () => {
      const { endpoint, ids } = await givenDeliveries(f, at(70), 4);
      const claimed = await claim(f.queue, ids, at(70));
      const [d1, d2, d3, d4] = claimed as [DueDelivery, DueDelivery, DueDelivery, DueDelivery];
      const recorded = await f.queue.record(
        [
          outcome(d1, {
            status: 'delivered',
            response_code: 204,
            error: null,
            next_retry_at: null,
            delivered_at: at(71),
          }),
          outcome(d2, { status: 'pending', next_retry_at: at(72) }),
          outcome(d3, {
            status: 'failed',
            response_code: null,
            error: 'no answer within 10 seconds',
            next_retry_at: null,
          }),
          outcome(d4, {
            attempted: false,
            status: 'failed',
            response_code: null,
            error: 'not sent',
            next_retry_at: null,
          }),
        ],
        at(71),
      );
      expect(recorded).toBe(4);
      const rows = new Map((await f.deliveriesOf(endpoint.id)).map((r) => [r.id, r]));
      const fields = (id: string) => {
        const { status, attempts, response_code, error, next_retry_at, delivered_at, lease_until, lease_token } =
          rows.get(id) ?? ({} as WebhookDeliveryRow);
        return {
          status,
          attempts,
          response_code,
          error,
          next_retry_at,
          delivered_at,
          lease_until,
          lease_token: lease_token ?? null,
        };
      };
      const cleared = { lease_until: null, lease_token: null };
      expect(fields(d1.id)).toEqual({
        status: 'delivered',
        attempts: 1,
        response_code: 204,
        error: null,
        next_retry_at: null,
        delivered_at: at(71),
        ...cleared,
      });
      expect(fields(d2.id)).toEqual({
        status: 'pending',
        attempts: 1,
        response_code: 500,
        error: 'the receiver answered HTTP 500',
        next_retry_at: at(72),
        delivered_at: null,
        ...cleared,
      });
      expect(fields(d3.id)).toEqual({
        status: 'failed',
        attempts: 1,
        response_code: null,
        error: 'no answer within 10 seconds',
        next_retry_at: null,
        delivered_at: null,
        ...cleared,
      });
      // Not an attempt: the count and the last answer stay.
      expect(fields(d4.id)).toEqual({
        status: 'failed',
        attempts: 0,
        response_code: null,
        error: 'not sent',
        next_retry_at: null,
        delivered_at: null,
        ...cleared,
      });

      // The retried one is due again at its time, and its second attempt counts on top.
      const [again] = await claim(f.queue, [d2.id], at(72));
      expect(again).toMatchObject({ id: d2.id, attempts: 1 });
      // Nothing is recorded twice: a settled delivery or an old lease token is left alone.
      expect(await f.queue.record([outcome(d1, { status: 'failed' }), outcome(d2, {})], at(73))).toBe(0);
      expect(fields(d1.id).status).toBe('delivered');
      await putAside([again as DueDelivery]);
    });

    it('a 410 switches the endpoint off, once; its pending deliveries are still given out, marked inactive', async () => {
      const { endpoint, ids } = await givenDeliveries(f, at(80), 2);
      const [gone, next] = (await claim(f.queue, ids, at(80), 1000)) as [DueDelivery, DueDelivery];
      await f.queue.record(
        [outcome(gone, { status: 'failed', response_code: 410, next_retry_at: null, deactivate_endpoint: true })],
        at(81),
      );
      await f.queue.record([outcome(next, { next_retry_at: at(85) })], at(82));
      const stored = await f.endpoints.get(endpoint.account_id, endpoint.mode, endpoint.id);
      expect(stored).toMatchObject({ active: false, deactivated_at: at(81) });

      const [inactive] = await claim(f.queue, ids, at(85));
      expect(inactive).toMatchObject({ id: next.id, endpoint: { active: false } });
      await f.queue.record(
        [outcome(inactive as DueDelivery, { deactivate_endpoint: true, next_retry_at: at(1_000_000) })],
        at(86),
      );
      expect((await f.endpoints.get(endpoint.account_id, endpoint.mode, endpoint.id))?.deactivated_at).toEqual(at(81));
    });

    it('a lease that ran out frees the delivery for another claim; the old holder can no longer record', async () => {
      const { ids } = await givenDeliveries(f, at(90), 1);
      const [held] = await claim(f.queue, ids, at(90), 1000, 0.2);
      expect(await claim(f.otherQueue, ids, at(90))).toEqual([]);
      await sleep(400); // the lease is the database's real time
      const [taken] = await claim(f.otherQueue, ids, at(90));
      expect(taken?.id).toBe(held?.id);
      expect(taken?.lease_token).not.toBe(held?.lease_token);
      expect(await f.queue.record([outcome(held as DueDelivery, {})], at(91))).toBe(0);
      expect(await f.otherQueue.record([outcome(taken as DueDelivery, { next_retry_at: at(1_000_000) })], at(91))).toBe(
        1,
      );
    });

    it('is settled when nothing is due at the instant asked, nothing is leased and no event waits for the relay', async () => {
      // Whatever earlier tests left due is put aside first.
      await putAside(await f.queue.claimDue(at(100), 10_000, lease()));
      expect(await f.queue.settled(at(100))).toBe(true);

      const { ids } = await givenDeliveries(f, at(100), 1);
      expect(await f.queue.settled(at(99))).toBe(true); // not due yet
      expect(await f.queue.settled(at(100))).toBe(false);
      const [held] = await claim(f.queue, ids, at(100));
      expect(await f.queue.settled(at(99))).toBe(false); // leased: in flight
      await f.queue.record([outcome(held as DueDelivery, { next_retry_at: at(160) })], at(101));
      expect(await f.queue.settled(at(101))).toBe(true);
      expect(await f.queue.settled(at(160))).toBe(false);

      const accountId = await f.createAccount();
      await commitEvent(f, accountId, 'live', 'intake.completed');
      expect(await f.queue.settled(at(101))).toBe(false); // committed, not relayed yet
      await relayAll(f, at(102));
      expect(await f.queue.settled(at(101))).toBe(true);
    });

    it('wakes the dispatchers', async () => {
      const heard = await f.wakeUps();
      await f.queue.wake();
      expect(await f.wakeUps()).toBe(heard + 1);
    });
  });
}
