import Redis from 'ioredis';
import { fixedWindow } from '@intake/domain-kernel';
import { clearRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '@intake/testing';
import { RedisLimitCounter } from './redis.limit-counter';
import { createRedisClient } from './redis.module';
import { RedisWindowCounter } from './redis.window-counter';

const window = fixedWindow(new Date(), 3600);

describe('RedisLimitCounter (the hourly request limit, counted in batches)', () => {
  const prefix = testRedisPrefix();
  const settings = { url: TEST_REDIS_URL, prefix };
  const redis = new Redis(TEST_REDIS_URL);
  const shared = new RedisWindowCounter(redis, settings);
  afterAll(async () => {
    await clearRedisPrefix(prefix);
    redis.disconnect();
  });

  it('with one process, answers every count exactly, the limit reached one by one', async () => {
    const counter = new RedisLimitCounter(redis, settings);
    const counts: number[] = [];
    for (let i = 0; i < 60; i += 1) counts.push(await counter.count('one', window, 60));
    expect(counts).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(await shared.read('one', window)).toBe(60);
    expect(await counter.count('one', window, 60)).toBe(61);
  });

  it('with two processes at once, never admits beyond the limit, and refuses little below it', async () => {
    const processes = [new RedisLimitCounter(redis, settings), new RedisLimitCounter(redis, settings)];
    const limit = 1000;
    const answers = await Promise.all(
      Array.from({ length: 3000 }, (_, i) => processes[i % 2]?.count('two', window, limit) ?? Promise.resolve(0)),
    );
    const admitted = answers.filter((count) => count <= limit).length;
    expect(admitted).toBeLessThanOrEqual(limit);
    expect(admitted).toBeGreaterThanOrEqual(limit - 2);
    expect(new Set(answers).size).toBe(answers.length); // every number handed out once
    expect(await shared.read('two', window)).toBeGreaterThanOrEqual(3000);
  });

  it('makes no round trip for most requests far below the limit', async () => {
    const counter = new RedisLimitCounter(redis, settings);
    const evals = jest.spyOn(redis, 'eval');
    await Promise.all(Array.from({ length: 200 }, () => counter.count('batched', window, 3000)));
    for (let i = 0; i < 200; i += 1) await counter.count('batched', window, 3000);
    expect(evals.mock.calls.length).toBeLessThanOrEqual(4);
    expect(await shared.read('batched', window)).toBe(400);
    evals.mockRestore();
  });

  it('goes on counting in the process while Redis is unreachable, without making requests wait', async () => {
    const away = createRedisClient({ url: 'redis://127.0.0.1:1', prefix });
    away.on('error', () => undefined);
    const counter = new RedisLimitCounter(away, { url: 'redis://127.0.0.1:1', prefix });
    try {
      expect(await counter.count('down', window, 60)).toBe(1); // the first one tried, and failed
      const started = Date.now();
      const counts: number[] = [];
      for (let i = 0; i < 70; i += 1) counts.push(await counter.count('down', window, 60));
      expect(Date.now() - started).toBeLessThan(200);
      expect(counts).toEqual(Array.from({ length: 70 }, (_, i) => i + 2)); // past 60: refused
    } finally {
      away.disconnect();
    }
  });
});
