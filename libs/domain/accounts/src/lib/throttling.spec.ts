import { type FailureTally, NO_FAILURES } from '@intake/domain-kernel';
import {
  ALLOWED,
  delayAfter,
  INVITATION_TOKENS,
  LOGIN_ADDRESS,
  LOGIN_EMAIL_CEILING,
  LOGIN_PAIR,
  LOGIN_PAIR_UNDER_ATTACK,
  loginThrottleDecision,
  PORTAL_LOOKUPS,
  strictest,
  throttleDecision,
  type ThrottlePolicy,
} from './throttling';

const T0 = new Date('2030-01-01T10:00:00Z');
const plus = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const tally = (failures: number, lastFailureAt: Date | null = T0): FailureTally => ({ failures, lastFailureAt });
const refused = (retryAfterSeconds: number) => ({ allowed: false, retryAfterSeconds });
const POLICY: ThrottlePolicy = { free: 3, firstDelaySeconds: 10, maxDelaySeconds: 100, forgetAfterSeconds: 1000 };

describe('throttling', () => {
  it('states its numbers (ADR 0013, throttle without lock-out)', () => {
    expect(LOGIN_PAIR).toEqual({ free: 5, firstDelaySeconds: 60, maxDelaySeconds: 3600, forgetAfterSeconds: 86400 });
    expect(LOGIN_ADDRESS).toEqual({
      free: 50,
      firstDelaySeconds: 60,
      maxDelaySeconds: 1800,
      forgetAfterSeconds: 21600,
    });
    expect(LOGIN_EMAIL_CEILING).toEqual({ failures: 1000, forgetAfterSeconds: 3600 });
    expect(LOGIN_PAIR_UNDER_ATTACK).toEqual({ ...LOGIN_PAIR, free: 1 });
    expect(PORTAL_LOOKUPS).toEqual({
      free: 20,
      firstDelaySeconds: 60,
      maxDelaySeconds: 3600,
      forgetAfterSeconds: 86400,
    });
    expect(INVITATION_TOKENS).toEqual({ ...PORTAL_LOOKUPS, free: 10 });
    // Waiting out the longest delay never wipes the slate.
    for (const policy of [LOGIN_PAIR, LOGIN_ADDRESS, PORTAL_LOOKUPS, INVITATION_TOKENS]) {
      expect(policy.forgetAfterSeconds).toBeGreaterThan(policy.maxDelaySeconds);
    }
  });

  describe('delayAfter', () => {
    it('is free below `free` failures, then doubles from the first delay up to the cap', () => {
      expect([0, 1, 2].map((n) => delayAfter(POLICY, n))).toEqual([0, 0, 0]);
      expect([3, 4, 5, 6, 7, 8, 1000, 5000].map((n) => delayAfter(POLICY, n))).toEqual([
        10, 20, 40, 80, 100, 100, 100, 100,
      ]);
      expect([4, 5, 6, 7, 10, 11, 12, 13, 20].map((n) => delayAfter(LOGIN_PAIR, n))).toEqual([
        0, 60, 120, 240, 1920, 3600, 3600, 3600, 3600,
      ]);
    });
  });

  describe('throttleDecision', () => {
    it('allows an unknown key, and every attempt while failures are free', () => {
      expect(throttleDecision(POLICY, NO_FAILURES, T0)).toBe(ALLOWED);
      expect(throttleDecision(POLICY, tally(2), T0)).toEqual({ allowed: true });
    });

    it('refuses until the wait after the last failure is over: up to its last millisecond, not at it', () => {
      expect(throttleDecision(POLICY, tally(3), T0)).toEqual(refused(10));
      expect(throttleDecision(POLICY, tally(3), plus(0.001))).toEqual(refused(10));
      expect(throttleDecision(POLICY, tally(3), plus(9))).toEqual(refused(1));
      expect(throttleDecision(POLICY, tally(3), plus(9.999))).toEqual(refused(1));
      expect(throttleDecision(POLICY, tally(3), plus(10))).toBe(ALLOWED);
      expect(throttleDecision(POLICY, tally(4), plus(10))).toEqual(refused(10));
      expect(throttleDecision(POLICY, tally(9), plus(99))).toEqual(refused(1));
      expect(throttleDecision(POLICY, tally(9), plus(100))).toBe(ALLOWED);
    });

    it('forgets a tally whose last failure is the quiet time old', () => {
      const policy = { ...POLICY, forgetAfterSeconds: 50 };
      expect(throttleDecision(policy, tally(9), plus(49.999))).toEqual(refused(51));
      expect(throttleDecision(policy, tally(9), plus(50))).toBe(ALLOWED);
    });

    it('allows a tally without a last failure (nothing to wait from), even when no failure is free', () => {
      expect(throttleDecision(POLICY, tally(5, null), T0)).toBe(ALLOWED);
      expect(throttleDecision({ ...POLICY, free: 0 }, NO_FAILURES, T0)).toBe(ALLOWED);
      expect(throttleDecision({ ...POLICY, free: 0 }, tally(1), T0)).toEqual(refused(20));
    });

    it('allows free failures even when the last one is dated after now (another process, a clock ahead)', () => {
      expect(throttleDecision(POLICY, tally(2, plus(30)), T0)).toBe(ALLOWED);
      expect(throttleDecision(POLICY, tally(3, plus(30)), T0)).toEqual(refused(40));
    });
  });

  describe('strictest', () => {
    it('refuses with the longest wait when any refuses', () => {
      expect(strictest()).toBe(ALLOWED);
      expect(strictest(ALLOWED, ALLOWED)).toBe(ALLOWED);
      expect(strictest(refused(5), ALLOWED, refused(30), refused(7))).toEqual(refused(30));
      expect(strictest(ALLOWED, refused(1))).toEqual(refused(1));
    });
  });

  describe('loginThrottleDecision', () => {
    const none = { pair: NO_FAILURES, address: NO_FAILURES, email: NO_FAILURES };

    it('lets a pair fail 5 times; the 5th failure makes it wait a minute, the 7th four', () => {
      expect(loginThrottleDecision({ ...none, pair: tally(4) }, T0)).toBe(ALLOWED);
      expect(loginThrottleDecision({ ...none, pair: tally(5) }, T0)).toEqual(refused(60));
      expect(loginThrottleDecision({ ...none, pair: tally(7) }, plus(1))).toEqual(refused(239));
    });

    it('lets a client address fail 50 times across e-mail addresses, then makes it wait', () => {
      expect(loginThrottleDecision({ ...none, address: tally(49) }, T0)).toBe(ALLOWED);
      expect(loginThrottleDecision({ ...none, address: tally(50) }, T0)).toEqual(refused(60));
      expect(loginThrottleDecision({ pair: tally(6), address: tally(50), email: NO_FAILURES }, T0)).toEqual(
        refused(120),
      );
    });

    it('never refuses a fresh pair for failures of the e-mail elsewhere, however many', () => {
      expect(loginThrottleDecision({ ...none, email: tally(1_000_000) }, T0)).toBe(ALLOWED);
    });

    it('beyond 1,000 failures of the e-mail, a pair waits after its first failure instead of its fifth', () => {
      expect(loginThrottleDecision({ ...none, pair: tally(1), email: tally(999) }, T0)).toBe(ALLOWED);
      expect(loginThrottleDecision({ ...none, pair: tally(1), email: tally(1000) }, T0)).toEqual(refused(60));
      expect(loginThrottleDecision({ ...none, pair: tally(2), email: tally(1000) }, T0)).toEqual(refused(120));
      // An hour without a failure of the e-mail ends that.
      const later = { ...none, pair: tally(1, plus(3600)), email: tally(1000) };
      expect(loginThrottleDecision(later, plus(3600))).toBe(ALLOWED);
      expect(loginThrottleDecision(later, plus(3599))).toEqual(refused(61));
    });
  });
});
