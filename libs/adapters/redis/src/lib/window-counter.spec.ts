import Redis from 'ioredis';
import { fixedWindow } from '@intake/domain-kernel';
import { clearRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '@intake/testing';
import { RedisWindowCounter } from './window-counter';

describe('RedisWindowCounter (real Redis)', () => {
  const prefix = testRedisPrefix();
  let redis: Redis;
  let counter: RedisWindowCounter;

  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
    counter = new RedisWindowCounter(redis, { url: TEST_REDIS_URL, prefix });
  });
  afterAll(async () => {
    await clearRedisPrefix(prefix);
    redis.disconnect();
  });

  it('counts atomically per key and window, and expires a minute after the window ends', async () => {
    const window = fixedWindow(new Date('2030-01-01T10:15:00Z'), 3600);
    const counts = await Promise.all(Array.from({ length: 50 }, () => counter.increment('acc_a', window)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await counter.read('acc_a', window)).toBe(50);
    expect(await counter.read('acc_b', window)).toBe(0);
    const ttl = await redis.ttl(`${prefix}:window:acc_a:${window.id}`);
    expect(ttl).toBeGreaterThan(window.secondsLeft);
    expect(ttl).toBeLessThanOrEqual(window.secondsLeft + 60);

    const next = fixedWindow(new Date('2030-01-01T11:00:00Z'), 3600);
    expect(await counter.increment('acc_a', next)).toBe(1);
    await counter.reset('acc_a', window);
    expect(await counter.read('acc_a', window)).toBe(0);
  });
});
