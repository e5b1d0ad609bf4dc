/**
 * Failures counted under one key (wrong passwords, unknown portal links, unknown invitation
 * tokens): how many, and when the last one was. A tally is forgotten once its last failure is
 * `forgetAfterSeconds` old, so a quiet key starts over by itself.
 */
export interface FailureTally {
  failures: number;
  lastFailureAt: Date | null;
}

export const NO_FAILURES: FailureTally = Object.freeze({ failures: 0, lastFailureAt: null });

/** The tally as it counts at `now`: nothing once the last failure is `forgetAfterSeconds` old. */
export function currentTally(tally: FailureTally, now: Date, forgetAfterSeconds: number): FailureTally {
  const last = tally.lastFailureAt;
  if (last === null || now.getTime() - last.getTime() >= forgetAfterSeconds * 1000) return NO_FAILURES;
  return tally;
}

/**
 * The tally after one more failure at `at`. The last failure stays the latest one seen (a request
 * that started earlier may finish later); a forgotten tally starts over at one.
 */
export function addFailure(tally: FailureTally, at: Date, forgetAfterSeconds: number): FailureTally {
  const current = currentTally(tally, at, forgetAfterSeconds);
  return { failures: current.failures + 1, lastFailureAt: latest(current.lastFailureAt, at) as Date };
}

/** Two processes' tallies of one key, as one (the in-process count kept while Redis was away). */
export function sumTallies(a: FailureTally, b: FailureTally): FailureTally {
  return { failures: a.failures + b.failures, lastFailureAt: latest(a.lastFailureAt, b.lastFailureAt) };
}

/** The later of some instants (null when there are none). */
function latest(...instants: Array<Date | null>): Date | null {
  const times = instants.filter((instant) => instant !== null).map((instant) => instant.getTime());
  return times.length > 0 ? new Date(Math.max(...times)) : null;
}
