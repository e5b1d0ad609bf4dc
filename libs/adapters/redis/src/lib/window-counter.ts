import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { WindowCounter } from '@intake/kernel';
import { FixedWindow } from '@intake/domain-kernel';
import { REDIS, REDIS_SETTINGS, RedisSettings } from './redis.tokens';

/** INCR with the expiry set when the key is created (the key names its window, so once is enough). */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`;

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
    // One round trip and one command (a script): INCR, and on the window's first hit an expiry a
    // minute after the window ends, in real seconds (the clock may be a test clock).
    return Number(await this.redis.eval(INCREMENT, 1, this.key(key, window), window.secondsLeft + 60));
  }

  async read(key: string, window: FixedWindow): Promise<number> {
    return Number((await this.redis.get(this.key(key, window))) ?? 0);
  }

  async reset(key: string, window: FixedWindow): Promise<void> {
    await this.redis.del(this.key(key, window));
  }
}
