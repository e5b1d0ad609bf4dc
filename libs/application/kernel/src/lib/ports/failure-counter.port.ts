import { type FailureTally } from '@intake/domain-kernel';

/**
 * Failure tallies per key, shared by every api process (Redis), for throttling guesses: log-ins,
 * portal links, invitation tokens. Keys never hold a secret or an e-mail address in clear (the
 * callers hash them). What the counts mean is the domain's (throttleDecision).
 */
export abstract class FailureCounter {
  /** The tally of `key` as stored (no failures for an unknown key); the caller applies forgetting. */
  abstract read(key: string): Promise<FailureTally>;
  /**
   * Counts one failure at `at` and answers the new tally: a tally whose last failure is
   * `forgetAfterSeconds` old starts over at one, and the key is kept that long after its last failure.
   */
  abstract record(key: string, at: Date, forgetAfterSeconds: number): Promise<FailureTally>;
  /** Forgets `key`'s failures (a successful log-in). */
  abstract clear(key: string): Promise<void>;
}
