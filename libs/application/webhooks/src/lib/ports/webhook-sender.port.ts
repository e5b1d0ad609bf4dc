/** One POST of a delivery, rendered and signed by the dispatcher. */
export interface WebhookRequest {
  /** `whd_…`, sent unsigned in X-Service-Delivery so receivers can deduplicate. */
  deliveryId: string;
  url: string;
  event: string;
  /** The exact body text; the signature covers it. */
  body: string;
  /** X-Service-Signature: `t=<unix seconds>,v1=<hex>`. */
  signature: string;
  /** The trace this POST continues (the event's traceparent), when it was traced. */
  traceparent?: string;
}

/** What came of one attempt. */
export interface AttemptResult {
  /** The receiver's HTTP status; null when none came (refused, unsafe address, time-out). */
  response_code: number | null;
  /** Why the attempt failed, as a sentence for the delivery log; null for a 2xx answer. */
  error: string | null;
}

/**
 * Sends webhook requests (docs/contract.md "Delivery and signature"; issue #13 items 4 and 5). Every
 * attempt checks the address anew: the URL (http/https, allowed ports, no user info, no unsafe IP
 * literal) and every address the host resolves to, connecting only to an address it checked; an
 * unsafe one fails the attempt with a sentence naming the address and why. Redirects are never
 * followed; one time-out covers connecting, the headers and the body; only a few kilobytes of the
 * answer are read. It never throws for the receiver's sake: whatever went wrong is the `error`.
 */
export abstract class WebhookSender {
  abstract send(request: WebhookRequest): Promise<AttemptResult>;
}
