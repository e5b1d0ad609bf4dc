import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { addFailure, type FailureTally, NO_FAILURES, sumTallies } from '@intake/domain-kernel';
import { FailureCounter } from '@intake/kernel';
import { REDIS, REDIS_SETTINGS, RedisSettings } from './redis.tokens';

/** After a failed round trip, Redis is not waited on again for this long (counting goes on locally). */
const BACKOFF_MS = 1_000;
/**
 * The longest a request waits on Redis for a tally. The client queues commands while it
 * reconnects, and a Redis that accepts connections and drops them keeps it reconnecting for good.
 */
const TIMEOUT_MS = 500;
/** The most keys a process tallies on its own while Redis is away (the oldest go first beyond it). */
export const LOCAL_KEYS = 10_000;

/**
 * One failure, as addFailure does it, in one atomic step: the hash holds the count `n` and the
 * last failure `at` (epoch ms, from the Clock); a tally quiet for ARGV[2] seconds starts over;
 * the key expires that long after its last failure (in real seconds).
 */
const RECORD = `
local at = tonumber(ARGV[1])
local keep = tonumber(ARGV[2])
local last = tonumber(redis.call('HGET', KEYS[1], 'at') or '-1')
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
if last < 0 or at - last >= keep * 1000 then
  n = 0
  last = at
end
n = n + 1
if at > last then last = at end
redis.call('HSET', KEYS[1], 'n', n, 'at', last)
redis.call('EXPIRE', KEYS[1], keep)
return {n, tostring(last)}`;

interface LocalTally {
  tally: FailureTally;
  keepUntil: number;
}

/**
 * Failure tallies in Redis (one hash per key), shared by every api process. While Redis is
 * unreachable the api keeps serving: each process tallies on its own (so limits hold per process)
 * and, once Redis is back, adds what it counted meanwhile to what Redis answers, until those
 * tallies are forgotten. Like RedisLimitCounter, after a failed round trip Redis is left alone
 * for a second, so requests do not wait on it; a call it does not answer in half a second counts
 * as a failed one (it may still reach Redis later: that failure then counts twice, never not at all).
 */
@Injectable()
export class RedisFailureCounter extends FailureCounter {
  private readonly local = new Map<string, LocalTally>();
  private downUntil = 0;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_SETTINGS) private readonly settings: RedisSettings,
  ) {
    super();
  }

  private key(key: string): string {
    return `${this.settings.prefix}:failures:${key}`;
  }

  async read(key: string): Promise<FailureTally> {
    const local = this.local.get(key)?.tally ?? NO_FAILURES;
    const shared = await this.shared(async () => {
      const [n, at] = await this.redis.hmget(this.key(key), 'n', 'at');
      return n && at ? { failures: Number(n), lastFailureAt: new Date(Number(at)) } : NO_FAILURES;
    });
    return shared ? sumTallies(shared, local) : local;
  }

  async record(key: string, at: Date, forgetAfterSeconds: number): Promise<FailureTally> {
    const shared = await this.shared(async () => {
      const [n, last] = (await this.redis.eval(RECORD, 1, this.key(key), at.getTime(), forgetAfterSeconds)) as [
        number,
        string,
      ];
      return { failures: Number(n), lastFailureAt: new Date(Number(last)) };
    });
    if (shared) return sumTallies(shared, this.local.get(key)?.tally ?? NO_FAILURES);
    return this.recordLocally(key, at, forgetAfterSeconds);
  }

  async clear(key: string): Promise<void> {
    this.local.delete(key);
    // While Redis is away the shared tally stays: a few failures left over, never a lock-out.
    await this.shared(() => this.redis.del(this.key(key)));
  }

  /** The answer of a Redis call, or undefined while Redis is away (which the call notices). */
  private async shared<T>(call: () => Promise<T>): Promise<T | undefined> {
    if (Date.now() < this.downUntil) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer in time')), TIMEOUT_MS);
    });
    try {
      return await Promise.race([call(), timeout]);
    } catch {
      this.downUntil = Date.now() + BACKOFF_MS;
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  private recordLocally(key: string, at: Date, forgetAfterSeconds: number): FailureTally {
    const now = Date.now();
    if (this.local.size >= LOCAL_KEYS) {
      for (const [other, old] of this.local) if (old.keepUntil <= now) this.local.delete(other);
      // Still full: the oldest tallies go (Map keeps insertion order).
      for (const other of this.local.keys()) {
        if (this.local.size < LOCAL_KEYS) break;
        this.local.delete(other);
      }
    }
    const tally = addFailure(this.local.get(key)?.tally ?? NO_FAILURES, at, forgetAfterSeconds);
    this.local.delete(key);
    this.local.set(key, { tally, keepUntil: now + forgetAfterSeconds * 1000 });
    return tally;
  }
}
