import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { WindowCounter } from '@intake/kernel';
import { FixedWindow } from '@intake/domain-kernel';
import { REDIS, REDIS_SETTINGS, RedisSettings } from './redis.tokens';

/** INCRBY with the expiry set when the key is created (the key names its window, so once is enough). */
const INCREMENT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** After a failed round trip, Redis is not waited on again for this long (counting goes on locally). */
const BACKOFF_MS = 1_000;

/** What this process knows of a key in its window. */
interface Held {
  /** The shared count Redis last answered, and what this process counted since that Redis has not (yet). */
  known: number;
  unsent: number;
  /** Date.now() after which the window is over (the entry is dropped). */
  endsAt: number;
}

/**
 * Fixed-window counters in Redis: INCR is atomic across every api process, and each window's key
 * expires shortly after the window ends. Window ids come from the Clock, so the test clock moves
 * them too. While Redis is away a count never fails the request (the crash drills found POST
 * /v1/intakes answering 500 in a Redis outage): each process goes on counting from what it last
 * knew, enforcing the limit on what it saw, and adds those counts to Redis with its next
 * increment once Redis answers again (as RedisLimitCounter does for the hourly request limit).
 */
@Injectable()
export class RedisWindowCounter extends WindowCounter {
  private readonly held = new Map<string, Held>();
  private downUntil = 0;
  private sweptAt = 0;

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
    let entry = this.held.get(redisKey);
    if (!entry) {
      this.forgetEnded();
      entry = { known: 0, unsent: 0, endsAt: Date.now() + window.secondsLeft * 1000 };
      this.held.set(redisKey, entry);
    }
    if (Date.now() < this.downUntil) return entry.known + (entry.unsent += 1);
    const n = 1 + entry.unsent;
    entry.unsent = 0;
    try {
      // One round trip and one command (a script): INCRBY, and on the window's first hit an expiry
      // a minute after the window ends, in real seconds (the clock may be a test clock).
      const count = Number(await this.redis.eval(INCREMENT, 1, redisKey, window.secondsLeft + 60, n));
      entry.known = Math.max(entry.known, count);
      return count;
    } catch {
      this.downUntil = Date.now() + BACKOFF_MS;
      entry.unsent += n;
      return entry.known + entry.unsent;
    }
  }

  /** Drops the keys of ended windows, at most once a minute. */
  private forgetEnded(): void {
    const now = Date.now();
    if (now - this.sweptAt < 60_000) return;
    this.sweptAt = now;
    for (const [key, entry] of this.held) if (entry.endsAt < now) this.held.delete(key);
  }

  async read(key: string, window: FixedWindow): Promise<number> {
    return Number((await this.redis.get(this.key(key, window))) ?? 0);
  }

  async reset(key: string, window: FixedWindow): Promise<void> {
    this.held.delete(this.key(key, window));
    await this.redis.del(this.key(key, window));
  }
}
