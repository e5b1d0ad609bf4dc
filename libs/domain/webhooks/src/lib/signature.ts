import { createHmac } from 'node:crypto';

/**
 * The request headers of a delivery (docs/contract.md "Delivery and signature"; "Service" stands for the
 * brand).
 */
export const WEBHOOK_HEADERS = {
  signature: 'X-Service-Signature',
  event: 'X-Service-Event',
  /** Not signed: the delivery's id, for receivers that deduplicate. */
  delivery: 'X-Service-Delivery',
  userAgent: 'User-Agent',
} as const;
export const WEBHOOK_USER_AGENT = 'Service-Webhook/1.0';
/** A receiver answers within this, or the attempt failed (docs/contract.md "Limits"). */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/**
 * Receivers reject a signature whose `t` is further than this from their clock (docs/contract.md "Limits").
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The hex HMAC-SHA256, keyed with the secret string's UTF-8 bytes, of `<t>.<rawBody>`. */
export function signatureOf(secret: string, rawBody: string, unixSeconds: number): string {
  return createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
}

/**
 * `X-Service-Signature: t=<unix_seconds>,v1=<hex>`, made at send time with a fresh timestamp over
 * the exact body text that is sent.
 */
export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  if (!Number.isSafeInteger(unixSeconds) || unixSeconds < 0) {
    throw new RangeError(`a signature timestamp is a whole number of Unix seconds, not ${unixSeconds}`);
  }
  return `t=${unixSeconds},v1=${signatureOf(secret, rawBody, unixSeconds)}`;
}
