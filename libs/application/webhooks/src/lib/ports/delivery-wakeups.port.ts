/**
 * Tells a dispatcher that work may be waiting: a webhook event committed to the outbox, or a
 * delivery queued (fan-out, manual retry, test). PostgreSQL LISTEN/NOTIFY on `webhook_outbox` and
 * `webhook_deliveries`, on a connection of its own that is opened again when lost. A notification
 * lost meanwhile only delays: the dispatcher also looks every second.
 */
export abstract class DeliveryWakeups {
  /** Calls `wake` for every notification from now until `close`. Resolves once listening (or retrying to). */
  abstract listen(wake: () => void): Promise<void>;
  abstract close(): Promise<void>;
}
