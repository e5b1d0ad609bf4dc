import { type RateLimit } from '../../api/rate-limit';
import { type IntakeStatus } from './item-actions';

/** The shortest poll: a client's change shows within about 15 s. */
export const FASTEST_POLL_MS = 15_000;
/** The share of the hourly request budget one open intake page may spend on polling. */
export const POLL_BUDGET_SHARE = 0.2;
/** Below this share of the budget left, polling waits for the next hour. */
export const RESERVE_SHARE = 0.25;
/** Without a known budget (none seen yet): as if on the smallest plan. */
const UNKNOWN_BUDGET_MS = 5 * 60_000;

/**
 * How long until the open intake page asks again, or false for not at all: never for an intake that
 * no longer changes by the client's hand (completed, archived); otherwise a fifth of the hourly
 * budget spread over the hour (Free 60/h: every 5 minutes; Solo 600/h: 30 s; larger plans every
 * 15 s), and once less than a quarter of the budget is left, not before the window resets, so the
 * page can never spend what the owner's other work and keys need. TanStack Query pauses it while
 * the tab is hidden.
 */
export function pollInterval(
  status: IntakeStatus | undefined,
  budget: RateLimit | undefined,
  now: Date,
): number | false {
  if (!status || status === 'completed' || status === 'archived') return false;
  if (!budget) return UNKNOWN_BUDGET_MS;
  const spread = Math.max(FASTEST_POLL_MS, Math.ceil(3_600_000 / (budget.limit * POLL_BUDGET_SHARE)));
  if (budget.remaining >= budget.limit * RESERVE_SHARE) return spread;
  const untilReset = budget.resetAt.getTime() - now.getTime();
  return Math.max(spread, untilReset + 5_000);
}
