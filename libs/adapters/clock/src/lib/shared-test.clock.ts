import type Redis from 'ioredis';
import { Clock, type TestClockControl } from '@intake/kernel';

/**
 * The shared test clock (docs/adr/0003-the-clock-port.md; docs/guide.md, "Test clock"): "now" is real time plus an offset kept in Redis,
 * so the api, scheduler and dispatcher agree on it. Time keeps flowing; moving the clock changes
 * the offset. Every process calls `sync()` before a unit of work (a request, a scheduler pass),
 * which reads the offset once; `now()` itself stays synchronous.
 */
export class SharedTestClock extends Clock implements TestClockControl {
  private offsetMs = 0;
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly realNow: () => number = () => Date.now(),
  ) {
    super();
    this.key = `${prefix}:test-clock:offset-ms`;
  }

  now(): Date {
    return new Date(this.realNow() + this.offsetMs);
  }

  override async sync(): Promise<void> {
    const stored = await this.redis.get(this.key);
    this.offsetMs = stored === null ? 0 : Number(stored);
  }

  async advance(seconds: number): Promise<Date> {
    this.offsetMs = await this.redis.incrby(this.key, Math.round(seconds * 1000));
    return this.now();
  }

  async setNow(instant: Date): Promise<Date> {
    this.offsetMs = instant.getTime() - this.realNow();
    await this.redis.set(this.key, String(this.offsetMs));
    return new Date(instant.getTime());
  }
}
