import { type FixedWindow } from '@intake/domain-kernel';

/**
 * Counts requests against a limit per fixed window, shared by every process, without a round
 * trip on every request where the answer does not depend on one: below the limit by a margin
 * while the shared count is freshly known, or once it is surely over. The adapter documents its
 * bound on overshoot (none with a single process).
 */
export abstract class LimitCounter {
  /** Counts one request of `key` in `window`; answers its count as well as known (never below the truth seen by this process). */
  abstract count(key: string, window: FixedWindow, limit: number): Promise<number>;
}
