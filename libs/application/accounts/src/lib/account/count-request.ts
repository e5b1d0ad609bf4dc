import { type Plan } from '@intake/domain-accounts';
import { clockHour } from '@intake/domain-kernel';
import { Clock, LimitCounter } from '@intake/kernel';

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets (the top of the hour). */
  resetSeconds: number;
  resetAt: Date;
  allowed: boolean;
}

/**
 * Counts one request against the account's hourly limit: a fixed clock-hour window, one counter
 * shared by every key and session of the account (the guard answers 429 hourly_limit beyond it).
 */
export class CountRequest {
  static readonly inject = [LimitCounter, Clock] as const;

  constructor(
    private readonly counters: LimitCounter,
    private readonly clock: Clock,
  ) {}

  async execute(accountId: string, plan: Plan): Promise<RateLimitState> {
    const window = clockHour(this.clock.now());
    const count = await this.counters.count(`requests:${accountId}`, window, plan.requests_per_hour);
    return {
      limit: plan.requests_per_hour,
      remaining: Math.max(0, plan.requests_per_hour - count),
      resetSeconds: window.secondsLeft,
      resetAt: window.endsAt,
      allowed: count <= plan.requests_per_hour,
    };
  }
}
