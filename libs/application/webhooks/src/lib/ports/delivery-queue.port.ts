import { type WebhookEvent, type WebhookFormat } from '@intake/domain-webhooks';

/** A delivery a dispatcher holds under its lease, with what it needs to send it. */
export interface DueDelivery {
  id: string;
  endpoint_id: string;
  account_id: string;
  event: WebhookEvent;
  /** The raw event payload; chat formats are rendered from it at send time. */
  payload: Record<string, unknown>;
  /** Attempts recorded before this one. */
  attempts: number;
  max_attempts: number;
  /** The claim's lease token: the outcome is recorded only under it. */
  lease_token: string;
  /** The W3C traceparent of the request that fired the event, when it was traced. */
  trace_context?: string;
  endpoint: {
    url: string;
    format: WebhookFormat;
    secret_sealed: string;
    /** False once the receiver answered 410: nothing more is sent to it. */
    active: boolean;
  };
}

/** A claim's lease: a token of its own, and how long it holds (database time, not clock time). */
export interface Lease {
  token: string;
  seconds: number;
}

/** What to record of one claimed delivery. */
export interface DeliveryOutcome {
  delivery_id: string;
  lease_token: string;
  /** An attempt was made (`attempts + 1`); false for a delivery settled without sending. */
  attempted: boolean;
  status: 'pending' | 'delivered' | 'failed';
  response_code: number | null;
  error: string | null;
  /** When a pending delivery's next attempt is due (clock time); null otherwise. */
  next_retry_at: Date | null;
  delivered_at: Date | null;
  /** The receiver answered 410: its endpoint becomes inactive for good. */
  deactivate_endpoint: boolean;
}

/**
 * webhook_deliveries as the dispatchers' queue (ADR 0009; docs/contexts/webhooks.md
 * "Webhooks: delivery"): pending rows due by the Clock are claimed under a lease in the database's real time,
 * so a dispatcher that dies only delays what it held.
 */
export abstract class DeliveryQueue {
  /**
   * Leases up to `limit` pending deliveries due at `now` (clock time) that no live lease holds,
   * earliest due first. Two dispatchers claiming at once never get the same delivery (FOR UPDATE
   * SKIP LOCKED and the lease are written in one statement).
   */
  abstract claimDue(now: Date, limit: number, lease: Lease): Promise<DueDelivery[]>;

  /**
   * Records outcomes in one statement, each only if its delivery is still pending under the
   * outcome's lease token (otherwise it is skipped: the lease ran out and someone else holds it),
   * and clears the lease. A 410 switches its endpoint off (`deactivated_at = now`). Returns how
   * many were recorded.
   */
  abstract record(outcomes: readonly DeliveryOutcome[], now: Date): Promise<number>;

  /**
   * True when nothing is waiting at `now`: no pending delivery due, none under a live lease, and no
   * committed webhook event still to relay (POST /_test/tick waits for this).
   */
  abstract settled(now: Date): Promise<boolean>;

  /** Wakes every dispatcher (NOTIFY webhook_deliveries). */
  abstract wake(): Promise<void>;
}
