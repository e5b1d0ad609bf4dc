import {
  type ActiveSubscriptions,
  type EndpointModes,
  type NewTestDelivery,
  type WebhookDeliveryRecord,
  WebhookDeliveryLog,
  type WebhookEndpointRecord,
  WebhookEndpointStore,
  WebhookSubscriptions,
} from '@intake/application-webhooks';
import { type Mode } from '@intake/domain-kernel';
import { WEBHOOK_EVENTS } from '@intake/domain-webhooks';
import { type InMemoryDatabase, newestFirst, type WebhookDeliveryRow } from './database';
import { copy } from './unit-of-work';

const oldestFirst = (a: WebhookEndpointRecord, b: WebhookEndpointRecord) => -newestFirst(a, b);
const within = (endpoint: WebhookEndpointRecord, modes: EndpointModes) => modes === null || endpoint.mode === modes;

/** The log's view of a row: no payload, no lease, no outbox id, no account. */
export function deliveryRecordOf(row: WebhookDeliveryRow): WebhookDeliveryRecord {
  const { id, endpoint_id, event, status, attempts, max_attempts, next_retry_at } = row;
  const { response_code, error, created_at, delivered_at } = row;
  return copy({
    id,
    endpoint_id,
    event,
    status,
    attempts,
    max_attempts,
    next_retry_at,
    response_code,
    error,
    created_at,
    delivered_at,
  });
}

/** webhook_endpoints in memory. */
export class InMemoryWebhookEndpointStore extends WebhookEndpointStore {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async insert(endpoint: WebhookEndpointRecord, limit: number): Promise<boolean> {
    const held = this.db.webhookEndpoints.rows.filter(
      (e) => e.account_id === endpoint.account_id && e.mode === endpoint.mode,
    );
    if (held.length >= limit) return false;
    if (this.db.webhookEndpoints.rows.some((e) => e.id === endpoint.id)) throw new Error(`duplicate ${endpoint.id}`);
    this.db.webhookEndpoints.rows.push(copy(endpoint));
    return true;
  }

  async list(accountId: string, modes: EndpointModes): Promise<WebhookEndpointRecord[]> {
    return copy(this.db.webhookEndpoints.rows.filter((e) => e.account_id === accountId && within(e, modes))).sort(
      oldestFirst,
    );
  }

  async get(accountId: string, modes: EndpointModes, endpointId: string): Promise<WebhookEndpointRecord | undefined> {
    return copy(
      this.db.webhookEndpoints.rows.find((e) => e.account_id === accountId && within(e, modes) && e.id === endpointId),
    );
  }

  async delete(accountId: string, modes: EndpointModes, endpointId: string): Promise<boolean> {
    if (!(await this.get(accountId, modes, endpointId))) return false;
    this.db.deleteWebhookEndpoint(endpointId);
    return true;
  }
}

/** webhook_deliveries in memory, as the API's log sees it; wake-ups are recorded in `db.webhookWakeUps`. */
export class InMemoryWebhookDeliveryLog extends WebhookDeliveryLog {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async recent(endpointId: string, limit: number): Promise<WebhookDeliveryRecord[]> {
    return this.db.webhookDeliveries.rows
      .filter((d) => d.endpoint_id === endpointId)
      .sort(newestFirst)
      .slice(0, limit)
      .map(deliveryRecordOf);
  }

  async get(endpointId: string, deliveryId: string): Promise<WebhookDeliveryRecord | undefined> {
    const row = this.row(endpointId, deliveryId);
    return row && deliveryRecordOf(row);
  }

  async requeue(
    endpointId: string,
    deliveryId: string,
    now: Date,
  ): Promise<WebhookDeliveryRecord | 'delivered' | undefined> {
    const row = this.row(endpointId, deliveryId);
    if (!row) return undefined;
    if (row.status === 'delivered') return 'delivered';
    row.status = 'pending';
    row.next_retry_at = new Date(now);
    row.max_attempts = Math.max(row.max_attempts, row.attempts + 1);
    this.db.webhookWakeUps.rows.push({ channel: 'webhook_deliveries' });
    return deliveryRecordOf(row);
  }

  async insertTest(delivery: NewTestDelivery): Promise<void> {
    if (!this.db.webhookEndpoints.rows.some((e) => e.id === delivery.endpoint_id)) {
      throw new Error(`delivery ${delivery.id}: no endpoint ${delivery.endpoint_id}`); // the foreign key
    }
    this.db.webhookDeliveries.rows.push({
      id: delivery.id,
      endpoint_id: delivery.endpoint_id,
      account_id: delivery.account_id,
      outbox_id: null,
      event: delivery.event,
      payload: copy(delivery.payload),
      status: 'pending',
      attempts: 0,
      max_attempts: 6,
      next_retry_at: new Date(delivery.at),
      lease_until: null,
      response_code: null,
      error: null,
      created_at: new Date(delivery.at),
      delivered_at: null,
    });
    this.db.webhookWakeUps.rows.push({ channel: 'webhook_deliveries' });
  }

  private row(endpointId: string, deliveryId: string): WebhookDeliveryRow | undefined {
    return this.db.webhookDeliveries.rows.find((d) => d.endpoint_id === endpointId && d.id === deliveryId);
  }
}

/** The follow-up's read of the active endpoints, in memory. */
export class InMemoryWebhookSubscriptions extends WebhookSubscriptions {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async active(accountId: string, mode: Mode): Promise<ActiveSubscriptions> {
    const active = this.db.webhookEndpoints.rows.filter(
      (e) => e.account_id === accountId && e.mode === mode && e.active,
    );
    const subscribed = new Set(active.flatMap((e) => e.events));
    return { active_endpoints: active.length, events: WEBHOOK_EVENTS.filter((event) => subscribed.has(event)) };
  }
}
