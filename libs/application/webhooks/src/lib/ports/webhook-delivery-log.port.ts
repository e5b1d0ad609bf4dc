import { type WebhookEvent } from '@intake/domain-webhooks';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A delivery as its log shows it (docs/contract.md "Webhook delivery"): the payload is not part of it. */
export interface WebhookDeliveryRecord {
  id: string;
  endpoint_id: string;
  event: WebhookEvent;
  status: DeliveryStatus;
  /** Attempts whose outcome was recorded; never reset. */
  attempts: number;
  /** 6, or more after manual retries of a delivery that used them all. */
  max_attempts: number;
  /** When the next attempt is due (clock time); null once delivered or failed. */
  next_retry_at: Date | null;
  /** The receiver's status code of the last attempt; null when it never answered. */
  response_code: number | null;
  /** Why the last attempt failed; null after a success. */
  error: string | null;
  created_at: Date;
  delivered_at: Date | null;
}

/** A test delivery to queue (POST /v1/webhooks/:id/test): due at once, no outbox row behind it. */
export interface NewTestDelivery {
  id: string;
  endpoint_id: string;
  account_id: string;
  event: WebhookEvent;
  payload: Record<string, unknown>;
  /** Created and due at this clock instant. */
  at: Date;
}

/**
 * The webhook_deliveries table as the API sees it: an endpoint's log, manual retries and test
 * deliveries. The dispatchers claim what is due from the same table; a requeue or an insert wakes
 * them (NOTIFY webhook_deliveries, sent when the transaction commits).
 */
export abstract class WebhookDeliveryLog {
  /** The endpoint's newest `limit` deliveries, newest first (created_at, then id, descending). */
  abstract recent(endpointId: string, limit: number): Promise<WebhookDeliveryRecord[]>;
  abstract get(endpointId: string, deliveryId: string): Promise<WebhookDeliveryRecord | undefined>;
  /**
   * Makes a delivery that has not succeeded due at `now` again: `pending`, `next_retry_at = now`,
   * and at least one attempt left (`max_attempts` raised to `attempts + 1` when they are used up;
   * `attempts` never reset), then wakes the dispatchers. 'delivered' (nothing written) for one that
   * succeeded, undefined for none.
   */
  abstract requeue(
    endpointId: string,
    deliveryId: string,
    now: Date,
  ): Promise<WebhookDeliveryRecord | 'delivered' | undefined>;
  /** Queues a pending delivery with no attempt made, due at `at`, and wakes the dispatchers. */
  abstract insertTest(delivery: NewTestDelivery): Promise<void>;
}
