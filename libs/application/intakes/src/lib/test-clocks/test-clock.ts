import { type Principal } from '@intake/domain-accounts';
import { DomainError, type ErrorDetail, notFound } from '@intake/errors';

export type TestClockStatus = 'ready' | 'advancing';

/**
 * A test clock of an account (test mode only): the time its intakes live on. `frozen_time` stands
 * still until the clock is advanced; while `advancing` the scheduler moves it towards
 * `advancing_to`, processing what falls due on the way, and sets it `ready` there.
 */
export interface TestClockRecord {
  id: string;
  account_id: string;
  name: string | null;
  frozen_time: Date;
  status: TestClockStatus;
  advancing_to: Date | null;
  created_at: Date;
}

/** Intakes one clock may hold. */
export const MAX_INTAKES_PER_TEST_CLOCK = 100;
/** How far one advance may move a clock: two calendar years. */
export const MAX_ADVANCE_YEARS = 2;

/** The latest instant one advance may reach from `from`: the same instant two years later (UTC calendar). */
export function advanceLimit(from: Date): Date {
  const limit = new Date(from.getTime());
  limit.setUTCFullYear(limit.getUTCFullYear() + MAX_ADVANCE_YEARS);
  return limit;
}

/** What is wrong with advancing `clock` to `to` (forward only, two years at most), as 422 details. */
export function advanceProblems(clock: TestClockRecord, to: Date): ErrorDetail[] {
  if (to.getTime() <= clock.frozen_time.getTime()) {
    return [
      {
        path: 'frozen_time',
        message: `must be later than the clock's frozen_time (${clock.frozen_time.toISOString()})`,
      },
    ];
  }
  const limit = advanceLimit(clock.frozen_time);
  if (to.getTime() > limit.getTime()) {
    return [
      {
        path: 'frozen_time',
        message: `may be at most two years after the clock's frozen_time (${limit.toISOString()})`,
      },
    ];
  }
  return [];
}

/** The clock is advancing: it cannot be advanced again until it is ready. */
export const advancingConflict = (): DomainError<'conflict'> =>
  new DomainError('conflict', 'The test clock is still advancing; wait until its status is ready.', {
    reason: 'test_clock_advancing',
  });

/** A clock holds 100 intakes at most. */
export const clockFull = (): DomainError<'unprocessable'> =>
  new DomainError('unprocessable', `A test clock holds at most ${MAX_INTAKES_PER_TEST_CLOCK} intakes.`, {
    reason: 'test_clock_full',
    details: [{ path: 'test_clock', message: `already holds ${MAX_INTAKES_PER_TEST_CLOCK} intakes` }],
    params: { limit: MAX_INTAKES_PER_TEST_CLOCK },
  });

/**
 * Test clocks are for test keys: any other principal is answered as if no clock existed (404),
 * on every clock route. Returns the account whose clocks the key reaches.
 */
export function testClockAccount(principal: Principal): string {
  if (principal.kind !== 'api_key' || principal.mode !== 'test') throw notFound('Test clock');
  return principal.accountId;
}
