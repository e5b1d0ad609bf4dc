import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Verifying the service's webhook signatures on the receiving side (docs/guide.md,
 * "Verifying webhook signatures"): `X-Service-Signature: t=<unix_seconds>,v1=<hex>`, where `v1` is the hex
 * HMAC-SHA256, keyed with the endpoint secret, of `<t>.<rawBody>`. Only node:crypto: copy this file
 * into any Node service.
 */

/** The header as Node's request objects name it (lower-case). */
export const SIGNATURE_HEADER = 'x-service-signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type VerifyFailureReason =
  | 'missing_header'
  | 'malformed_header'
  | 'timestamp_out_of_tolerance'
  | 'signature_mismatch';

export type VerifyResult = { valid: true; timestamp: number } | { valid: false; reason: VerifyFailureReason };

export interface VerifyOptions {
  /** Largest accepted distance between `t` and now, either way; default 300 seconds. */
  toleranceSeconds?: number;
  /** The receiver's clock in Unix seconds; default the system clock. */
  now?: number;
}

const TIMESTAMP = /^\d{1,15}$/;
const SIGNATURE = /^[0-9a-f]{64}$/i;

interface ParsedHeader {
  timestamp: number;
  signatures: Buffer[];
}

/**
 * `t=…,v1=…[,v1=…]`: exactly one `t` (whole seconds), at least one `v1` (64 hex digits; several
 * while a secret is being rotated); other schemes are ignored. Null when it is not that.
 */
function parseHeader(header: string): ParsedHeader | null {
  const timestamps: number[] = [];
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 1) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (!TIMESTAMP.test(value)) return null;
      timestamps.push(Number(value));
    }
    if (key === 'v1') {
      if (!SIGNATURE.test(value)) return null;
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  if (timestamps.length !== 1 || signatures.length === 0) return null;
  return { timestamp: timestamps[0] as number, signatures };
}

function hmac(secret: string, rawBody: string | Buffer, timestamp: number): Buffer {
  // A string is hashed as its UTF-8 bytes, a Buffer as it is.
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
}

function requireSecret(secret: string): void {
  // An empty key is a key anyone can sign with: a missing secret is a configuration error, not a "no".
  if (typeof secret !== 'string' || secret.length === 0) throw new TypeError('the endpoint secret is required');
}

/**
 * Checks a delivery: `rawBody` is the exact request body (bytes or text, before any JSON
 * parsing), `header` the `X-Service-Signature` value. Rejects a timestamp more than
 * `toleranceSeconds` away from now in either direction (stale or from the future), then compares
 * every `v1` with the expected signature in constant time. Answer a failure with HTTP 400 and
 * discard the body.
 */
export function verify(
  rawBody: string | Buffer,
  header: string | undefined,
  secret: string,
  { toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now }: VerifyOptions = {},
): VerifyResult {
  requireSecret(secret);
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0) {
    throw new RangeError('toleranceSeconds must be a number of seconds from 0');
  }
  if (header === undefined || header.trim() === '') return { valid: false, reason: 'missing_header' };
  const parsed = parseHeader(header);
  if (parsed === null) return { valid: false, reason: 'malformed_header' };
  const clock = now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(clock - parsed.timestamp) > toleranceSeconds) {
    return { valid: false, reason: 'timestamp_out_of_tolerance' };
  }
  const expected = hmac(secret, rawBody, parsed.timestamp);
  let matched = false;
  for (const signature of parsed.signatures) {
    // Both are 32 bytes (the header's v1 is checked to be 64 hex digits), as timingSafeEqual needs.
    if (timingSafeEqual(signature, expected)) matched = true;
  }
  return matched ? { valid: true, timestamp: parsed.timestamp } : { valid: false, reason: 'signature_mismatch' };
}

/** The header the service would send for `rawBody` at `unixSeconds`: for tests and for receivers' own fixtures. */
export function sign(secret: string, rawBody: string | Buffer, unixSeconds: number): string {
  requireSecret(secret);
  if (!Number.isSafeInteger(unixSeconds) || unixSeconds < 0) {
    throw new RangeError('unixSeconds must be a whole number of seconds from 0');
  }
  return `t=${unixSeconds},v1=${hmac(secret, rawBody, unixSeconds).toString('hex')}`;
}
