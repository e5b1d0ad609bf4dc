import {
  type AttemptLogEntry,
  type AttemptResult,
  type DeliveryOutcome,
  DeliveryQueue,
  DispatchLog,
  type DispatchStep,
  type DueDelivery,
  type Lease,
  type NewDelivery,
  type OutboxWebhookEvent,
  type Subscriber,
  type WebhookRequest,
  WebhookRelayStore,
  WebhookSender,
} from '@intake/application-webhooks';
import { type Mode } from '@intake/domain-kernel';
import { type InMemoryDatabase } from './database';
import { copy } from './unit-of-work';

/** The relay's store in memory: the outbox's unpublished webhook messages, the endpoints, the deliveries. */
export class InMemoryWebhookRelayStore extends WebhookRelayStore {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async claimEvents(limit: number): Promise<OutboxWebhookEvent[]> {
    return this.db.outbox.unpublished('webhook', limit).map((m) => ({
      outbox_id: String(m.id),
      account_id: String(m.payload['account_id']),
      mode: m.payload['mode'] as Mode,
      payload: m.payload['payload'] as Record<string, unknown>,
    }));
  }

  async subscribers(accountIds: readonly string[]): Promise<Subscriber[]> {
    return this.db.webhookEndpoints.rows
      .filter((e) => e.active && accountIds.includes(e.account_id))
      .map((e) => copy({ endpoint_id: e.id, account_id: e.account_id, mode: e.mode, events: e.events }));
  }

  async fanOut(deliveries: readonly NewDelivery[], relayed: readonly string[], now: Date): Promise<number> {
    let inserted = 0;
    for (const delivery of deliveries) {
      const outboxId = Number(delivery.outbox_id);
      const rows = this.db.webhookDeliveries.rows;
      if (rows.some((d) => d.outbox_id === outboxId && d.endpoint_id === delivery.endpoint_id)) continue;
      if (!this.db.webhookEndpoints.rows.some((e) => e.id === delivery.endpoint_id)) {
        throw new Error(`delivery ${delivery.id}: no endpoint ${delivery.endpoint_id}`); // the foreign key
      }
      rows.push({
        id: delivery.id,
        endpoint_id: delivery.endpoint_id,
        account_id: delivery.account_id,
        outbox_id: outboxId,
        event: delivery.event,
        payload: copy(delivery.payload),
        status: 'pending',
        attempts: 0,
        max_attempts: 6,
        next_retry_at: new Date(now),
        lease_until: null,
        lease_token: null,
        response_code: null,
        error: null,
        created_at: new Date(now),
        delivered_at: null,
      });
      inserted += 1;
    }
    this.db.outbox.markPublished(relayed.map(Number), now);
    if (inserted > 0) this.db.webhookWakeUps.rows.push({ channel: 'webhook_deliveries' });
    return inserted;
  }
}

/**
 * The dispatchers' queue in memory. Leases run on real time (`Date.now()`), as PostgreSQL's
 * `now()` does for the real queue; one claim at a time, so two never overlap.
 */
export class InMemoryDeliveryQueue extends DeliveryQueue {
  constructor(
    private readonly db: InMemoryDatabase,
    private readonly realNow: () => number = () => Date.now(),
  ) {
    super();
  }

  async claimDue(now: Date, limit: number, lease: Lease): Promise<DueDelivery[]> {
    const real = this.realNow();
    const due = this.db.webhookDeliveries.rows
      .filter(
        (d) =>
          d.status === 'pending' &&
          d.next_retry_at !== null &&
          d.next_retry_at <= now &&
          (d.lease_until === null || d.lease_until.getTime() < real),
      )
      .sort((a, b) => (a.next_retry_at?.getTime() ?? 0) - (b.next_retry_at?.getTime() ?? 0))
      .slice(0, Math.max(0, limit));
    const claimed: DueDelivery[] = [];
    for (const row of due) {
      const endpoint = this.db.webhookEndpoints.rows.find((e) => e.id === row.endpoint_id);
      if (!endpoint) continue;
      row.lease_until = new Date(real + lease.seconds * 1000);
      row.lease_token = lease.token;
      claimed.push(
        copy({
          id: row.id,
          endpoint_id: row.endpoint_id,
          account_id: row.account_id,
          event: row.event,
          payload: row.payload,
          attempts: row.attempts,
          max_attempts: row.max_attempts,
          lease_token: lease.token,
          endpoint: {
            url: endpoint.url,
            format: endpoint.format,
            secret_sealed: endpoint.secret_sealed,
            active: endpoint.active,
          },
        }),
      );
    }
    return claimed;
  }

  async record(outcomes: readonly DeliveryOutcome[], now: Date): Promise<number> {
    let recorded = 0;
    for (const outcome of outcomes) {
      const row = this.db.webhookDeliveries.rows.find(
        (d) => d.id === outcome.delivery_id && d.status === 'pending' && d.lease_token === outcome.lease_token,
      );
      if (!row) continue;
      row.status = outcome.status;
      if (outcome.attempted) {
        row.attempts += 1;
        row.response_code = outcome.response_code;
      }
      row.error = outcome.error;
      row.next_retry_at = outcome.next_retry_at && new Date(outcome.next_retry_at);
      row.delivered_at = outcome.delivered_at && new Date(outcome.delivered_at);
      row.lease_until = null;
      row.lease_token = null;
      recorded += 1;
      const endpoint = this.db.webhookEndpoints.rows.find((e) => e.id === row.endpoint_id);
      if (outcome.deactivate_endpoint && endpoint?.active) {
        endpoint.active = false;
        endpoint.deactivated_at = new Date(now);
      }
    }
    return recorded;
  }

  async settled(now: Date): Promise<boolean> {
    const real = this.realNow();
    const waiting = this.db.webhookDeliveries.rows.some(
      (d) =>
        d.status === 'pending' &&
        ((d.next_retry_at !== null && d.next_retry_at <= now) ||
          (d.lease_until !== null && d.lease_until.getTime() > real)),
    );
    return !waiting && this.db.outbox.unpublished('webhook').length === 0;
  }

  async wake(): Promise<void> {
    this.db.webhookWakeUps.rows.push({ channel: 'webhook_deliveries' });
  }
}

/**
 * A stand-in for the receivers: answers each request as `answer` says (204 by default) and keeps
 * every request it was sent.
 */
export class RecordingWebhookSender extends WebhookSender {
  readonly sent: WebhookRequest[] = [];
  answer: (request: WebhookRequest) => AttemptResult | Promise<AttemptResult> = () => ({
    response_code: 204,
    error: null,
  });

  async send(request: WebhookRequest): Promise<AttemptResult> {
    this.sent.push(request);
    return this.answer(request);
  }
}

/** The dispatcher's log, kept for assertions. */
export class RecordedDispatchLog extends DispatchLog {
  readonly attempts: AttemptLogEntry[] = [];
  readonly troubles: Array<{ step: DispatchStep; error: unknown }> = [];
  readonly recoveries: DispatchStep[] = [];

  attempt(entry: AttemptLogEntry): void {
    this.attempts.push(entry);
  }

  trouble(step: DispatchStep, error: unknown): void {
    this.troubles.push({ step, error });
  }

  recovered(step: DispatchStep): void {
    this.recoveries.push(step);
  }
}
