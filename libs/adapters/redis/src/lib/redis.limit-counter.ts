import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { type FixedWindow } from '@intake/domain-kernel';
import { LimitCounter } from '@intake/kernel';
import { REDIS, REDIS_SETTINGS, RedisSettings } from './redis.tokens';

/** The most counts a process reserves at once. */
export const LIMIT_BATCH = 100;
/**
 * How many counts to reserve, knowing the shared count reached `known`: a tenth of what is left
 * below the limit (one at a time close to it), at most LIMIT_BATCH; LIMIT_BATCH once over it.
 */
export const batchOf = (limit: number, known: number) =>
  known >= limit ? LIMIT_BATCH : Math.max(1, Math.min(LIMIT_BATCH, Math.floor((limit - known) / 10)));
/** After a failed round trip, Redis is not waited on again for this long (counting goes on locally). */
const BACKOFF_MS = 1_000;
/** How soon the counts made while Redis was away are sent again. */
const RETRY_MS = 250;

/** INCRBY with the expiry set when the key is new (the same key as RedisWindowCounter's). */
const INCREMENT_BY = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`;

interface Slot {
  key: string;
  window: FixedWindow;
  /** The next number to hand out, and the last one reserved in Redis for this process. */
  next: number;
  end: number;
  /** Counted while Redis was away, not yet added to the shared count. */
  unsent: number;
  retry?: NodeJS.Timeout;
  /** A reservation under way; the other requests of a burst wait on it. */
  reserving?: Promise<void>;
}

/**
 * The hourly request counter of the api, without a round trip per request: a process reserves a
 * block of numbers from the shared count in Redis (one INCRBY; the same key as RedisWindowCounter's
 * `requests:<account>`) and hands them out to its requests one by one; a request is allowed when
 * its number is within the limit. Every number is handed out once across all processes, so the
 * limit is never overshot, whatever the number of processes. The price: numbers reserved and not
 * yet used by a process count as used, so another process may refuse while up to (P - 1) blocks
 * stand unused; blocks shrink to a tenth of what is left (one number at a time near the limit),
 * which keeps that error small. Far below the limit a block is 100 numbers: one round trip per 100
 * requests of an account. While Redis is down each process goes on counting from what it knew
 * (enforcing the limit on the requests it saw) and adds those counts to Redis once it is back.
 */
@Injectable()
export class RedisLimitCounter extends LimitCounter {
  private readonly slots = new Map<string, Slot>();
  private downUntil = 0;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_SETTINGS) private readonly settings: RedisSettings,
  ) {
    super();
  }

  async count(key: string, window: FixedWindow, limit: number): Promise<number> {
    const slot = this.slot(key, window);
    for (;;) {
      if (slot.next <= slot.end) return (slot.next += 1) - 1;
      if (Date.now() < this.downUntil) return this.countLocally(slot);
      if (slot.reserving) {
        await slot.reserving;
        continue;
      }
      slot.reserving = this.reserve(slot, batchOf(limit, slot.end)).finally(() => (slot.reserving = undefined));
    }
  }

  private async reserve(slot: Slot, block: number): Promise<void> {
    try {
      const total = await this.add(slot, block);
      slot.next = total - block + 1;
      slot.end = total;
    } catch {
      this.downUntil = Date.now() + BACKOFF_MS;
    }
  }

  private countLocally(slot: Slot): number {
    slot.end += 1;
    slot.next = slot.end + 1;
    slot.unsent += 1;
    if (!slot.retry) {
      slot.retry = setTimeout(() => void this.sendUnsent(slot), RETRY_MS);
      slot.retry.unref();
    }
    return slot.end;
  }

  private async sendUnsent(slot: Slot): Promise<void> {
    slot.retry = undefined;
    const n = slot.unsent;
    slot.unsent = 0;
    try {
      await this.add(slot, n);
    } catch {
      slot.unsent += n;
      slot.retry = setTimeout(() => void this.sendUnsent(slot), RETRY_MS);
      slot.retry.unref();
    }
  }

  private async add(slot: Slot, n: number): Promise<number> {
    const key = `${this.settings.prefix}:window:${slot.key}:${slot.window.id}`;
    return Number(await this.redis.eval(INCREMENT_BY, 1, key, slot.window.secondsLeft + 60, n));
  }

  private slot(key: string, window: FixedWindow): Slot {
    const id = `${key}@${window.id}`;
    let slot = this.slots.get(id);
    if (!slot) {
      // A new window: the slots of ended ones go (once what they counted locally was sent).
      for (const [other, old] of this.slots) {
        if (old.window.id !== window.id && old.unsent === 0 && !old.reserving) this.slots.delete(other);
      }
      slot = { key, window, next: 1, end: 0, unsent: 0 };
      this.slots.set(id, slot);
    }
    return slot;
  }
}
