import Redis from 'ioredis';
import { clearRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '@intake/testing';
import { SharedTestClock } from './shared-test.clock';
import { SystemClock } from './system.clock';

describe('SharedTestClock (real Redis)', () => {
  const prefix = testRedisPrefix();
  const redis = new Redis(TEST_REDIS_URL);
  let real = Date.parse('2026-05-01T12:00:00Z');
  const realNow = () => real;

  afterAll(async () => {
    await clearRedisPrefix(prefix);
    redis.disconnect();
  });

  it('starts at real time and keeps flowing with it', async () => {
    const clock = new SharedTestClock(redis, prefix, realNow);
    await clock.sync();
    expect(clock.now().toISOString()).toBe('2026-05-01T12:00:00.000Z');
    real += 1_000;
    expect(clock.now().toISOString()).toBe('2026-05-01T12:00:01.000Z');
  });

  it('is shared: a move by one process is seen by another after sync', async () => {
    const api = new SharedTestClock(redis, prefix, realNow);
    const scheduler = new SharedTestClock(redis, prefix, realNow);
    await api.setNow(new Date('2026-06-01T08:59:59Z'));
    await scheduler.sync();
    expect(scheduler.now().toISOString()).toBe('2026-06-01T08:59:59.000Z');

    await scheduler.advance(2);
    expect(api.now().toISOString()).toBe('2026-06-01T08:59:59.000Z'); // not yet synced
    await api.sync();
    expect(api.now().toISOString()).toBe('2026-06-01T09:00:01.000Z');
  });

  it('advances atomically when several processes move it at once', async () => {
    const clocks = Array.from({ length: 5 }, () => new SharedTestClock(redis, prefix, realNow));
    const [first, second] = clocks as [SharedTestClock, SharedTestClock];
    await first.setNow(new Date('2026-07-01T00:00:00Z'));
    await Promise.all(clocks.map((clock) => clock.advance(60)));
    await second.sync();
    expect(second.now().toISOString()).toBe('2026-07-01T00:05:00.000Z');
  });

  it('separate prefixes do not see each other', async () => {
    const other = new SharedTestClock(redis, testRedisPrefix(), realNow);
    await other.sync();
    expect(other.now().getTime()).toBe(real);
  });

  it('the system clock is real time', () => {
    const before = Date.now();
    const now = new SystemClock().now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
