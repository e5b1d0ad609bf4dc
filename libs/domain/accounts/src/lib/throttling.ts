import { currentTally, type FailureTally } from '@intake/domain-kernel';

/**
 * How guessing a secret (a password, a portal link, an invitation token) is slowed down: `free`
 * failures cost nothing; the failure that reaches `free` opens a wait of `firstDelaySeconds`,
 * and each further one doubles it, up to `maxDelaySeconds`. A key with no failure for
 * `forgetAfterSeconds` starts over; that is longer than the longest wait, so waiting one out
 * never wipes the slate.
 */
export interface ThrottlePolicy {
  free: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export const ALLOWED: ThrottleDecision = Object.freeze({ allowed: true });

const HOUR = 3600;

/**
 * Per e-mail address and client address: a person who mistypes from their own address. Five
 * failures, then 1 min, 2, 4, 8, 16, 32 min, then an hour between attempts; forgotten after a
 * day without a failure. Someone at another address never touches this count.
 */
export const LOGIN_PAIR: ThrottlePolicy = {
  free: 5,
  firstDelaySeconds: 60,
  maxDelaySeconds: HOUR,
  forgetAfterSeconds: 24 * HOUR,
};

/**
 * Per client address, across e-mail addresses (credential stuffing, password spraying): 50
 * failures (an office behind one NAT mistypes too), then 1 min doubling up to 30 min; forgotten
 * after 6 hours without a failure.
 */
export const LOGIN_ADDRESS: ThrottlePolicy = {
  free: 50,
  firstDelaySeconds: 60,
  maxDelaySeconds: HOUR / 2,
  forgetAfterSeconds: 6 * HOUR,
};

/**
 * Per e-mail address across every client address (a guessing botnet): beyond 1,000 failures
 * (forgotten after an hour without one), no address gets its free failures on that e-mail any
 * more: each one waits after its first failure (LOGIN_PAIR_UNDER_ATTACK). An address that has not
 * failed, such as the owner's own, still gets its attempt: the ceiling slows guessers, it never
 * locks the owner out.
 */
export const LOGIN_EMAIL_CEILING = { failures: 1000, forgetAfterSeconds: HOUR } as const;
export const LOGIN_PAIR_UNDER_ATTACK: ThrottlePolicy = { ...LOGIN_PAIR, free: 1 };

/** Unknown portal links per client address: 20, then 1 min doubling up to an hour; a day's memory. */
export const PORTAL_LOOKUPS: ThrottlePolicy = {
  free: 20,
  firstDelaySeconds: 60,
  maxDelaySeconds: HOUR,
  forgetAfterSeconds: 24 * HOUR,
};

/** Unknown, used or expired invitation tokens per client address: 10, then as portal links. */
export const INVITATION_TOKENS: ThrottlePolicy = { ...PORTAL_LOOKUPS, free: 10 };

/** The wait the `failures`-th failure opens, in seconds (0 while failures are free). */
export function delayAfter(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.maxDelaySeconds, policy.firstDelaySeconds * 2 ** (failures - policy.free));
}

/** Whether one more attempt may be made at `now`, and if not, how many seconds to wait. */
export function throttleDecision(policy: ThrottlePolicy, tally: FailureTally, now: Date): ThrottleDecision {
  const { failures, lastFailureAt } = currentTally(tally, now, policy.forgetAfterSeconds);
  const delay = delayAfter(policy, failures);
  if (delay === 0 || lastFailureAt === null) return ALLOWED;
  const waitMs = lastFailureAt.getTime() + delay * 1000 - now.getTime();
  return waitMs > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) } : ALLOWED;
}

/** The strictest of several decisions: refused if any refuses, with the longest wait. */
export function strictest(...decisions: ThrottleDecision[]): ThrottleDecision {
  let waitSeconds = 0;
  for (const decision of decisions) {
    if (!decision.allowed) waitSeconds = Math.max(waitSeconds, decision.retryAfterSeconds);
  }
  return waitSeconds > 0 ? { allowed: false, retryAfterSeconds: waitSeconds } : ALLOWED;
}

export interface LoginTallies {
  /** This e-mail address from this client address. */
  pair: FailureTally;
  /** This client address, whatever the e-mail address (none when the client is unknown). */
  address: FailureTally;
  /** This e-mail address, from every client address. */
  email: FailureTally;
}

/** Whether a log-in may be tried: decided before the password is checked, the same for unknown e-mails. */
export function loginThrottleDecision(tallies: LoginTallies, now: Date): ThrottleDecision {
  const { failures } = currentTally(tallies.email, now, LOGIN_EMAIL_CEILING.forgetAfterSeconds);
  const pairPolicy = failures >= LOGIN_EMAIL_CEILING.failures ? LOGIN_PAIR_UNDER_ATTACK : LOGIN_PAIR;
  return strictest(
    throttleDecision(pairPolicy, tallies.pair, now),
    throttleDecision(LOGIN_ADDRESS, tallies.address, now),
  );
}
