/**
 * The delay before each attempt, counted from the failure of the one before (docs/contract.md
 * "Delivery and signature"): attempt 1 at once, 2 after 1 minute, 3 after 5, 4 after 30, 5 after 2 hours,
 * 6 after 6 hours.
 */
export const RETRY_DELAYS_SECONDS = [0, 60, 300, 1_800, 7_200, 21_600] as const;

/** The delay of attempts past the table (after manual retries): the last one, 6 hours. */
const LAST_DELAY_SECONDS = 21_600;

/** Attempts a delivery gets; after the 6th failure it is `failed`. A manual retry raises its own max by one. */
export const MAX_ATTEMPTS = 6;

/** Seconds to wait before the next attempt after `attemptsMade` attempts; beyond the table the last delay (6 h). */
function retryDelaySeconds(attemptsMade: number): number {
  return RETRY_DELAYS_SECONDS[attemptsMade] ?? LAST_DELAY_SECONDS;
}

/**
 * When the next attempt is due after `attemptsMade` attempts have been made and the last one
 * failed, or null when none is left (the delivery is `failed`). `maxAttempts` is the delivery's
 * own (6, or more after manual retries); an attempt past the sixth waits the last delay, 6 hours.
 * A manual retry is due at once and does not ask this.
 */
export function nextAttemptAt(attemptsMade: number, maxAttempts: number, now: Date): Date | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 0) {
    throw new RangeError(`attempts made must be a whole number from 0, not ${attemptsMade}`);
  }
  if (attemptsMade >= maxAttempts) return null;
  return new Date(now.getTime() + retryDelaySeconds(attemptsMade) * 1000);
}
