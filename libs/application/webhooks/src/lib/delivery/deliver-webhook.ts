import { nextAttemptAt, renderBody, signatureHeader, type WebhookPayload } from '@intake/domain-webhooks';
import { Clock, SecretBox } from '@intake/kernel';
import { type AttemptLogEntry } from '../ports/dispatch-log.port';
import { type DeliveryOutcome, type DueDelivery } from '../ports/delivery-queue.port';
import { type AttemptResult, WebhookSender } from '../ports/webhook-sender.port';

/** What one claimed delivery came to, and its line in the dispatcher's log. */
export interface Attempted {
  outcome: DeliveryOutcome;
  log: AttemptLogEntry;
}

/** The delivery log's word for a delivery that was not sent because its endpoint is off. */
export const ENDPOINT_INACTIVE_ERROR =
  'not sent: the endpoint is inactive (its receiver answered HTTP 410); register a new endpoint';

/**
 * One attempt of a claimed delivery (docs/contract.md "Delivery and signature"): the body rendered from
 * the raw payload in the endpoint's format, signed with its secret at send time (a fresh
 * timestamp from the Clock), sent, and the outcome decided: 2xx delivered; 410 failed for good
 * and the endpoint off; anything else the next attempt per the retry schedule, or failed when
 * none is left. A delivery whose endpoint is already off is failed without sending (no attempt).
 */
export class DeliverWebhook {
  static readonly inject = [WebhookSender, SecretBox, Clock] as const;

  constructor(
    private readonly sender: WebhookSender,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
  ) {}

  async attempt(delivery: DueDelivery): Promise<Attempted> {
    const started = this.clock.now();
    if (!delivery.endpoint.active) {
      const outcome: DeliveryOutcome = {
        delivery_id: delivery.id,
        lease_token: delivery.lease_token,
        attempted: false,
        status: 'failed',
        response_code: null,
        error: ENDPOINT_INACTIVE_ERROR,
        next_retry_at: null,
        delivered_at: null,
        deactivate_endpoint: false,
      };
      return { outcome, log: logEntry(delivery, outcome, delivery.attempts, 0) };
    }
    // Throws only when the secret cannot be opened (a wrong SECRETS_KEY): nothing is sent and
    // nothing recorded; the lease runs out and the delivery is tried again.
    const secret = this.secrets.open(delivery.endpoint.secret_sealed);
    const body = renderBody(delivery.endpoint.format, delivery.payload as unknown as WebhookPayload);
    const result = await this.sender.send({
      deliveryId: delivery.id,
      url: delivery.endpoint.url,
      event: delivery.event,
      body,
      signature: signatureHeader(secret, body, Math.floor(this.clock.now().getTime() / 1000)),
      ...(delivery.trace_context ? { traceparent: delivery.trace_context } : {}),
    });
    const now = this.clock.now();
    const outcome = decide(delivery, result, now);
    return { outcome, log: logEntry(delivery, outcome, delivery.attempts + 1, now.getTime() - started.getTime()) };
  }
}

/** The outcome of an attempt that was made. */
export function decide(delivery: DueDelivery, result: AttemptResult, now: Date): DeliveryOutcome {
  const base = {
    delivery_id: delivery.id,
    lease_token: delivery.lease_token,
    attempted: true,
    response_code: result.response_code,
    error: result.error,
    deactivate_endpoint: false,
  };
  if (result.error === null) return { ...base, status: 'delivered', next_retry_at: null, delivered_at: now };
  if (result.response_code === 410) {
    return {
      ...base,
      status: 'failed',
      error: `${result.error}; the endpoint is now inactive`,
      next_retry_at: null,
      delivered_at: null,
      deactivate_endpoint: true,
    };
  }
  const next = nextAttemptAt(delivery.attempts + 1, delivery.max_attempts, now);
  return { ...base, status: next ? 'pending' : 'failed', next_retry_at: next, delivered_at: null };
}

/** The trace id of a W3C traceparent (`00-<trace id>-<span id>-<flags>`); undefined for none or another shape. */
export function traceIdOf(traceparent: string | null | undefined): string | undefined {
  return /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/.exec(traceparent ?? '')?.[1];
}

function logEntry(delivery: DueDelivery, outcome: DeliveryOutcome, attempt: number, ms: number): AttemptLogEntry {
  const traceId = traceIdOf(delivery.trace_context);
  return {
    delivery_id: delivery.id,
    endpoint_id: delivery.endpoint_id,
    account_id: delivery.account_id,
    event: delivery.event,
    attempt,
    status: outcome.status,
    response_code: outcome.response_code,
    error: outcome.error,
    duration_ms: ms,
    ...(traceId ? { trace_id: traceId } : {}),
  };
}
