import { rateLimitOf } from '../../api/rate-limit';
import { FASTEST_POLL_MS, pollInterval } from './live-poll';

const now = new Date('2026-11-28T14:20:00Z');
const budget = (limit: number, remaining: number) => ({ limit, remaining, resetAt: new Date('2026-11-28T15:00:00Z') });

describe('polling the open intake page', () => {
  it('stops once the client can no longer change anything', () => {
    expect(pollInterval('completed', budget(3000, 3000), now)).toBe(false);
    expect(pollInterval('archived', budget(3000, 3000), now)).toBe(false);
    expect(pollInterval(undefined, budget(3000, 3000), now)).toBe(false);
  });

  it('spends at most a fifth of the plan’s hourly budget, and never asks more often than every 15 s', () => {
    expect(pollInterval('sent', budget(60, 60), now)).toBe(300_000);
    expect(pollInterval('in_progress', budget(600, 600), now)).toBe(30_000);
    expect(pollInterval('in_progress', budget(1500, 1500), now)).toBe(FASTEST_POLL_MS);
    expect(pollInterval('draft', budget(3000, 2000), now)).toBe(FASTEST_POLL_MS);
    // An hour of polling takes no more than a fifth of any plan's limit.
    for (const limit of [60, 600, 1500, 3000]) {
      const interval = pollInterval('sent', budget(limit, limit), now) as number;
      expect(Math.ceil(3_600_000 / interval)).toBeLessThanOrEqual(limit * 0.2);
    }
  });

  it('waits for the next hour once less than a quarter of the budget is left', () => {
    expect(pollInterval('sent', budget(600, 149), now)).toBe(40 * 60_000 + 5_000);
    expect(pollInterval('sent', budget(600, 150), now)).toBe(30_000);
    // Without a budget seen yet: as slowly as the smallest plan.
    expect(pollInterval('sent', undefined, now)).toBe(300_000);
  });

  it('reads the budget from the X-RateLimit headers', () => {
    const headers = new Headers({
      'x-ratelimit-limit': '600',
      'x-ratelimit-remaining': '598',
      'x-ratelimit-reset': '1795000000',
    });
    expect(rateLimitOf(headers)).toEqual({ limit: 600, remaining: 598, resetAt: new Date(1_795_000_000_000) });
    expect(rateLimitOf(new Headers())).toBeUndefined();
    expect(rateLimitOf(new Headers({ 'x-ratelimit-limit': 'x', 'x-ratelimit-remaining': '1' }))).toBeUndefined();
  });
});
