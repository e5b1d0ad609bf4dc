import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { WindowCounter } from '@intake/application-accounts';
import { FixedWindow } from '@intake/domain-accounts';
import { REDIS, REDIS_SETTINGS, RedisSettings } from './redis.tokens';

/**
 * Fixed-window counters in Redis: INCR is atomic across every api process, and each window's key
 * expires shortly after the window ends. Window ids come from the Clock, so the test clock moves
 * them too.
 */
@Injectable()
export class RedisWindowCounter extends WindowCounter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_SETTINGS) private readonly settings: RedisSettings,
  ) {
    super();
  }

  private key(key: string, window: FixedWindow): string {
    return `${this.settings.prefix}:window:${key}:${window.id}`;
  }

  async increment(key: string, window: FixedWindow): Promise<number> {
    const redisKey = this.key(key, window);
    // Expire a minute after the window ends, measured in real seconds (the clock may be a test clock).
    const [[incrError, count] = [null, 0], [expireError] = [null]] =
      (await this.redis
        .multi()
        .incr(redisKey)
        .expire(redisKey, window.secondsLeft + 60)
        .exec()) ?? [];
    if (incrError || expireError) throw incrError ?? expireError;
    return Number(count);
  }

  async read(key: string, window: FixedWindow): Promise<number> {
    return Number((await this.redis.get(this.key(key, window))) ?? 0);
  }

  async reset(key: string, window: FixedWindow): Promise<void> {
    await this.redis.del(this.key(key, window));
  }
}
