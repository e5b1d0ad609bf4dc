import {
  type WebhookDeliveryLog,
  type WebhookEndpointRecord,
  type WebhookEndpointStore,
  type WebhookSubscriptions,
} from '@intake/application-webhooks';
import { newId } from '@intake/ids';
import { type UnitOfWork } from '@intake/kernel';
import { type WebhookDeliveryRow } from '../in-memory/database';
import { at, T0 } from './intake-stores.fixture';

/** The webhooks context's stores over one database, as the contract suite drives them. */
export interface WebhookStoresFixture {
  endpoints: WebhookEndpointStore;
  deliveries: WebhookDeliveryLog;
  subscriptions: WebhookSubscriptions;
  uow: UnitOfWork;
  /** Creates an account and returns its id. */
  createAccount(): Promise<string>;
  /** Stores a delivery row as the relay and the dispatchers would leave it. */
  insertDelivery(row: WebhookDeliveryRow): Promise<void>;
  /** The whole row, or undefined when there is none. */
  stored(deliveryId: string): Promise<WebhookDeliveryRow | undefined>;
  /** How many `webhook_deliveries` wake-ups were delivered (committed) so far. */
  wakeUps(): Promise<number>;
  teardown(): Promise<void>;
}

export function anEndpoint(accountId: string, overrides: Partial<WebhookEndpointRecord> = {}): WebhookEndpointRecord {
  return {
    id: newId('webhookEndpoint'),
    account_id: accountId,
    mode: 'live',
    url: 'https://hooks.example.com/intake?a=1',
    events: ['item.submitted', 'intake.completed'],
    format: 'raw',
    secret_sealed: 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA',
    active: true,
    deactivated_at: null,
    created_at: T0,
    ...overrides,
  };
}

export function aDelivery(
  endpoint: Pick<WebhookEndpointRecord, 'id' | 'account_id'>,
  overrides: Partial<WebhookDeliveryRow> = {},
): WebhookDeliveryRow {
  return {
    id: newId('webhookDelivery'),
    endpoint_id: endpoint.id,
    account_id: endpoint.account_id,
    outbox_id: null,
    event: 'item.submitted',
    payload: { event: 'item.submitted', intake_id: 'in_x', timestamp: 1 },
    status: 'pending',
    attempts: 0,
    max_attempts: 6,
    next_retry_at: T0,
    lease_until: null,
    response_code: null,
    error: null,
    created_at: T0,
    delivered_at: null,
    ...overrides,
  };
}

/** The log's fields of a row (what WebhookDeliveryLog reads give back). */
const logged = (row: WebhookDeliveryRow) => {
  const { account_id: _a, outbox_id: _o, payload: _p, lease_until: _l, ...fields } = row;
  return fields;
};

/** The behaviour every WebhookEndpointStore, WebhookDeliveryLog and WebhookSubscriptions must have. */
export function describeWebhookStoresContract(name: string, setup: () => Promise<WebhookStoresFixture>): void {
  describe(`webhook stores contract: ${name}`, () => {
    let f: WebhookStoresFixture;
    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });

    const insert = (endpoint: WebhookEndpointRecord, limit = 20) =>
      f.uow.run(() => f.endpoints.insert(endpoint, limit));

    describe('WebhookEndpointStore', () => {
      it('stores an endpoint whole and reads it back by account, mode and id only', async () => {
        const accountId = await f.createAccount();
        const other = await f.createAccount();
        const endpoint = anEndpoint(accountId, {
          events: ['intake.archived', 'item.submitted'],
          format: 'discord',
          active: false,
          deactivated_at: at(5),
        });
        expect(await insert(endpoint)).toBe(true);
        expect(await f.endpoints.get(accountId, 'live', endpoint.id)).toEqual(endpoint);
        expect(await f.endpoints.get(accountId, 'test', endpoint.id)).toBeUndefined();
        expect(await f.endpoints.get(other, 'live', endpoint.id)).toBeUndefined();
        expect(await f.endpoints.get(accountId, 'live', 'whe_missing')).toBeUndefined();
      });

      it('lists an account’s endpoints of one mode, oldest first', async () => {
        const accountId = await f.createAccount();
        const later = anEndpoint(accountId, { created_at: at(60) });
        const first = anEndpoint(accountId, { created_at: at(0) });
        const test = anEndpoint(accountId, { mode: 'test' });
        for (const e of [later, first, test]) await insert(e);
        await insert(anEndpoint(await f.createAccount()));
        expect(await f.endpoints.list(accountId, 'live')).toEqual([first, later]);
        expect(await f.endpoints.list(accountId, 'test')).toEqual([test]);
      });

      it('refuses an endpoint past the limit of its account and mode, whatever their state', async () => {
        const accountId = await f.createAccount();
        expect(await insert(anEndpoint(accountId), 2)).toBe(true);
        expect(await insert(anEndpoint(accountId, { active: false }), 2)).toBe(true);
        const third = anEndpoint(accountId);
        expect(await insert(third, 2)).toBe(false);
        expect(await f.endpoints.get(accountId, 'live', third.id)).toBeUndefined();
        expect(await insert(anEndpoint(accountId, { mode: 'test' }), 2)).toBe(true);
        expect(await insert(anEndpoint(await f.createAccount()), 2)).toBe(true);
      });

      it('never lets two registrations at once take the last place', async () => {
        const accountId = await f.createAccount();
        await insert(anEndpoint(accountId), 3);
        const results = await Promise.all(Array.from({ length: 6 }, () => insert(anEndpoint(accountId), 3)));
        expect(results.filter(Boolean)).toHaveLength(2);
        expect(await f.endpoints.list(accountId, 'live')).toHaveLength(3);
      });

      it('deletes an endpoint of the account and mode with its deliveries', async () => {
        const accountId = await f.createAccount();
        const endpoint = anEndpoint(accountId);
        const kept = anEndpoint(accountId);
        await insert(endpoint);
        await insert(kept);
        const gone = aDelivery(endpoint);
        const stays = aDelivery(kept);
        await f.insertDelivery(gone);
        await f.insertDelivery(stays);
        expect(await f.uow.run(() => f.endpoints.delete(accountId, 'test', endpoint.id))).toBe(false);
        const stranger = await f.createAccount();
        expect(await f.uow.run(() => f.endpoints.delete(stranger, 'live', endpoint.id))).toBe(false);
        expect(await f.uow.run(() => f.endpoints.delete(accountId, 'live', endpoint.id))).toBe(true);
        expect(await f.uow.run(() => f.endpoints.delete(accountId, 'live', endpoint.id))).toBe(false);
        expect(await f.endpoints.list(accountId, 'live')).toEqual([kept]);
        expect(await f.stored(gone.id)).toBeUndefined();
        expect(await f.stored(stays.id)).toEqual(stays);
      });

      it('reaches both modes of the account with null (a session), never another account’s', async () => {
        const accountId = await f.createAccount();
        const stranger = await f.createAccount();
        const live = anEndpoint(accountId, { created_at: at(60) });
        const test = anEndpoint(accountId, { mode: 'test', created_at: at(0) });
        const theirs = anEndpoint(stranger, { mode: 'test' });
        for (const e of [live, test, theirs]) await insert(e);
        expect(await f.endpoints.list(accountId, null)).toEqual([test, live]);
        expect(await f.endpoints.get(accountId, null, test.id)).toEqual(test);
        expect(await f.endpoints.get(accountId, null, live.id)).toEqual(live);
        expect(await f.endpoints.get(accountId, null, theirs.id)).toBeUndefined();
        expect(await f.uow.run(() => f.endpoints.delete(accountId, null, theirs.id))).toBe(false);
        expect(await f.uow.run(() => f.endpoints.delete(accountId, null, test.id))).toBe(true);
        expect(await f.endpoints.list(accountId, null)).toEqual([live]);
        expect(await f.endpoints.list(stranger, null)).toEqual([theirs]);
      });
    });

    describe('WebhookDeliveryLog', () => {
      async function endpointWith(...rows: Array<Partial<WebhookDeliveryRow>>) {
        const endpoint = anEndpoint(await f.createAccount());
        await insert(endpoint);
        const deliveries = rows.map((overrides) => aDelivery(endpoint, overrides));
        for (const row of deliveries) await f.insertDelivery(row);
        return { endpoint, deliveries };
      }

      it('reads an endpoint’s newest deliveries first, up to the limit, without payload or lease', async () => {
        const { endpoint, deliveries } = await endpointWith(
          { created_at: at(1), outbox_id: 7, lease_until: at(100) },
          { created_at: at(3), status: 'delivered', attempts: 1, response_code: 200, delivered_at: at(4) },
          { created_at: at(2), status: 'failed', attempts: 6, response_code: null, error: 'connect ECONNREFUSED' },
          { created_at: at(2), id: 'whd_zzzz' },
        );
        const [first, delivered, failed, tie] = deliveries as [
          WebhookDeliveryRow,
          WebhookDeliveryRow,
          WebhookDeliveryRow,
          WebhookDeliveryRow,
        ];
        const { deliveries: others } = await endpointWith({ created_at: at(10) });
        expect(await f.deliveries.recent(endpoint.id, 100)).toEqual([delivered, tie, failed, first].map(logged));
        expect(await f.deliveries.recent(endpoint.id, 2)).toEqual([delivered, tie].map(logged));
        expect(await f.deliveries.get(endpoint.id, failed.id)).toEqual(logged(failed));
        expect(await f.deliveries.get(endpoint.id, others[0]?.id ?? '')).toBeUndefined();
      });

      it('requeues a failed delivery due now with one more attempt than it used, and wakes the dispatchers at commit', async () => {
        const { endpoint, deliveries } = await endpointWith({
          status: 'failed',
          attempts: 6,
          next_retry_at: null,
          response_code: 500,
          error: 'HTTP 500',
        });
        const [failed] = deliveries as [WebhookDeliveryRow];
        const woken = await f.wakeUps();
        const requeued = await f.uow.run(() => f.deliveries.requeue(endpoint.id, failed.id, at(500)));
        const expected = { ...failed, status: 'pending' as const, max_attempts: 7, next_retry_at: at(500) };
        expect(requeued).toEqual(logged(expected));
        expect(await f.stored(failed.id)).toEqual(expected);
        expect(await f.wakeUps()).toBe(woken + 1);
      });

      it('requeues a pending one due now, its attempts and lease untouched', async () => {
        const { endpoint, deliveries } = await endpointWith({
          attempts: 2,
          next_retry_at: at(900),
          lease_until: at(30),
        });
        const [pending] = deliveries as [WebhookDeliveryRow];
        await f.uow.run(() => f.deliveries.requeue(endpoint.id, pending.id, at(600)));
        expect(await f.stored(pending.id)).toEqual({ ...pending, next_retry_at: at(600) });
      });

      it('never requeues a delivered delivery, nor one of another endpoint, and wakes nobody then', async () => {
        const { endpoint, deliveries } = await endpointWith({ status: 'delivered', attempts: 1, next_retry_at: null });
        const [delivered] = deliveries as [WebhookDeliveryRow];
        const { endpoint: other } = await endpointWith();
        const woken = await f.wakeUps();
        expect(await f.uow.run(() => f.deliveries.requeue(endpoint.id, delivered.id, at(700)))).toBe('delivered');
        expect(await f.uow.run(() => f.deliveries.requeue(other.id, delivered.id, at(700)))).toBeUndefined();
        expect(await f.uow.run(() => f.deliveries.requeue(endpoint.id, 'whd_missing', at(700)))).toBeUndefined();
        expect(await f.stored(delivered.id)).toEqual(delivered);
        expect(await f.wakeUps()).toBe(woken);
      });

      it('queues a test delivery: pending, nothing tried, due at once, no outbox row; wakes at commit only', async () => {
        const { endpoint } = await endpointWith();
        const payload = { event: 'item.submitted', intake_id: 'in_test', item_key: 'k', message: 'm', timestamp: 9 };
        const delivery = {
          id: newId('webhookDelivery'),
          endpoint_id: endpoint.id,
          account_id: endpoint.account_id,
          event: 'item.submitted' as const,
          payload,
          at: at(800),
        };
        const woken = await f.wakeUps();
        await expect(
          f.uow.run(async () => {
            await f.deliveries.insertTest({ ...delivery, id: newId('webhookDelivery') });
            throw new Error('the change failed');
          }),
        ).rejects.toThrow('the change failed');
        expect(await f.wakeUps()).toBe(woken);
        await f.uow.run(() => f.deliveries.insertTest(delivery));
        expect(await f.stored(delivery.id)).toEqual({
          id: delivery.id,
          endpoint_id: endpoint.id,
          account_id: endpoint.account_id,
          outbox_id: null,
          event: 'item.submitted',
          payload,
          status: 'pending',
          attempts: 0,
          max_attempts: 6,
          next_retry_at: at(800),
          lease_until: null,
          response_code: null,
          error: null,
          created_at: at(800),
          delivered_at: null,
        });
        expect(await f.wakeUps()).toBe(woken + 1);
        expect((await f.deliveries.recent(endpoint.id, 100)).map((d) => d.id)).toEqual([delivery.id]);
      });
    });

    describe('WebhookSubscriptions', () => {
      it('counts the active endpoints of an account and mode and the union of their events, in catalogue order', async () => {
        const accountId = await f.createAccount();
        expect(await f.subscriptions.active(accountId, 'live')).toEqual({ active_endpoints: 0, events: [] });
        await insert(anEndpoint(accountId, { events: ['intake.archived', 'intake.completed'] }));
        await insert(anEndpoint(accountId, { events: ['intake.completed', 'item.submitted'] }));
        await insert(anEndpoint(accountId, { events: ['client.viewed'], active: false, deactivated_at: at(1) }));
        await insert(anEndpoint(accountId, { events: ['chase.bounced'], mode: 'test' }));
        await insert(anEndpoint(await f.createAccount(), { events: ['intake.stalled'] }));
        expect(await f.subscriptions.active(accountId, 'live')).toEqual({
          active_endpoints: 2,
          events: ['item.submitted', 'intake.completed', 'intake.archived'],
        });
        expect(await f.subscriptions.active(accountId, 'test')).toEqual({
          active_endpoints: 1,
          events: ['chase.bounced'],
        });
      });
    });
  });
}
