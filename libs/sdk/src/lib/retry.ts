/**
 * When the client tries a request again, and after how long. Pure: the caller supplies the
 * randomness, so the policy is tested without waiting.
 */
export interface RetryOptions {
  /** Attempts in all, the first included (default 4; 1 disables retries). */
  maxAttempts?: number;
  /** The first back-off step in milliseconds (default 250), doubled at each attempt. */
  baseDelayMs?: number;
  /** No back-off step is longer (default 8 s). */
  maxDelayMs?: number;
  /**
   * A `Retry-After` longer than this is not waited for: the error is thrown at once and carries
   * the wait (default 60 s; an hourly limit is the caller's to plan around, not a call to block).
   */
  maxRetryAfterSeconds?: number;
}

export const RETRY_DEFAULTS: Required<RetryOptions> = {
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterSeconds: 60,
};

/** What went wrong with one attempt. */
export type Failure = { kind: 'network' } | { kind: 'status'; status: number; retryAfterSeconds: number | null };

/**
 * Whether a request may be sent twice without doing the work twice: the methods HTTP defines as
 * idempotent, and a POST or PATCH carrying an `Idempotency-Key` the api honours for that
 * operation.
 */
export function isRepeatable(method: string, honoursIdempotencyKey: boolean): boolean {
  return ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'].includes(method.toUpperCase()) || honoursIdempotencyKey;
}

/**
 * The wait before the next attempt in milliseconds, or null to give up and report the failure.
 * - 429: the api refused before doing anything, so any request is tried again.
 * - 503 and network errors: only a repeatable request (a 503 may come from a proxy after the api
 *   did the work, and a dropped connection may hide a success).
 * - anything else: never.
 * `Retry-After` is honoured (plus up to one base step of jitter, so clients told the same second
 * do not return together); otherwise an exponential back-off with full jitter.
 */
export function nextDelay(
  failure: Failure,
  attempt: number,
  repeatable: boolean,
  options: Required<RetryOptions>,
  random: () => number,
): number | null {
  if (attempt >= options.maxAttempts) return null;
  if (failure.kind === 'status') {
    const retriable = failure.status === 429 || (failure.status === 503 && repeatable);
    if (!retriable) return null;
    if (failure.retryAfterSeconds !== null) {
      if (failure.retryAfterSeconds > options.maxRetryAfterSeconds) return null;
      return failure.retryAfterSeconds * 1000 + Math.floor(random() * options.baseDelayMs);
    }
  } else if (!repeatable) {
    return null;
  }
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}
