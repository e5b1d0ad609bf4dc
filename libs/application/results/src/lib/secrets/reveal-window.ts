/**
 * How long after its submission a secret item's answer can be revealed (results, reveal, a
 * download with include_secrets): 30 days. Past it, an answer nobody revealed is purged by the
 * scheduler pass `results.secret_purge` and reading it answers 410 `gone`.
 */
export const REVEAL_WINDOW_DAYS = 30;
const WINDOW_MS = REVEAL_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** The earliest submission time still inside the window at `now`. */
export const revealWindowStart = (now: Date): Date => new Date(now.getTime() - WINDOW_MS);

/** When an answer submitted at `submittedAt` leaves the window (`expires_at` of the reveal). */
export const revealExpiresAt = (submittedAt: Date): Date => new Date(submittedAt.getTime() + WINDOW_MS);
