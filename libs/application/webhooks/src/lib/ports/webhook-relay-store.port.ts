import { type Mode } from '@intake/domain-kernel';
import { type WebhookEvent } from '@intake/domain-webhooks';

/** A committed webhook event in the outbox, as the write path stored it (`{account_id, mode, payload}`). */
export interface OutboxWebhookEvent {
  /** outbox_messages.id (a bigint, as text). */
  outbox_id: string;
  account_id: string;
  mode: Mode;
  /** The event's payload as it will be delivered (raw format); `event` names it. */
  payload: Record<string, unknown>;
}

/** An active endpoint and what it listens to. */
export interface Subscriber {
  endpoint_id: string;
  account_id: string;
  mode: Mode;
  events: WebhookEvent[];
}

/** One delivery of one event to one endpoint, pending and due at once. */
export interface NewDelivery {
  id: string;
  endpoint_id: string;
  account_id: string;
  outbox_id: string;
  event: WebhookEvent;
  payload: Record<string, unknown>;
}

/**
 * The outbox relay's view of the database (issue #13): committed webhook events not yet relayed,
 * the endpoints that may want them, and the fan-out. All three run in the caller's unit of work,
 * so an event is marked relayed exactly when its deliveries exist.
 */
export abstract class WebhookRelayStore {
  /**
   * Locks up to `limit` committed webhook events not yet relayed, oldest first. Another relay
   * skips locked rows (FOR UPDATE SKIP LOCKED), so two never take one event.
   */
  abstract claimEvents(limit: number): Promise<OutboxWebhookEvent[]>;

  /** The active endpoints of these accounts, of either mode. */
  abstract subscribers(accountIds: readonly string[]): Promise<Subscriber[]>;

  /**
   * Inserts the deliveries, pending and due at `now` (one per event and endpoint: a pair that
   * already has one is left alone), marks the `relayed` events published at `now`, and when any
   * delivery was inserted, wakes the dispatchers once the unit of work commits. Returns how many
   * deliveries were inserted.
   */
  abstract fanOut(deliveries: readonly NewDelivery[], relayed: readonly string[], now: Date): Promise<number>;
}
