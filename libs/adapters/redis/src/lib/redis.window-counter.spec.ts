import Redis from 'ioredis';
import { fixedWindow } from '@intake/domain-kernel';
import { clearRedisPrefix, TcpProxy, TEST_REDIS_URL, testRedisPrefix } from '@intake/testing';
import { createRedisClient } from './redis.module';
import { RedisWindowCounter } from './redis.window-counter';

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

  it('goes on counting in the process while Redis is away, and adds those counts once it is back', async () => {
    const target = new URL(TEST_REDIS_URL);
    const proxy = await new TcpProxy(target.hostname, Number(target.port || 6379)).start();
    const url = `redis://127.0.0.1:${proxy.port}`;
    const client = createRedisClient({ url, prefix });
    client.on('error', () => undefined);
    const away = new RedisWindowCounter(client, { url, prefix });
    const window = fixedWindow(new Date('2030-01-01T12:00:00Z'), 3600);
    try {
      await client.ping(); // connected first: connecting on a busy machine may outlast the counter's wait
      for (let i = 1; i <= 3; i += 1) expect(await away.increment('acc_c', window)).toBe(i);
      proxy.cut();
      // Once the client has seen the connection go (a command written just before a cut waits in
      // ioredis until Redis is back: it is resent, never failed).
      await new Promise((resolve) => setTimeout(resolve, 200));
      // No failure: counted on from the shared count the process knew, the first one after a wait.
      expect(await away.increment('acc_c', window)).toBe(4);
      const started = Date.now();
      for (let i = 5; i <= 10; i += 1) expect(await away.increment('acc_c', window)).toBe(i);
      expect(Date.now() - started).toBeLessThan(200); // the others without waiting on Redis
      await counter.increment('acc_c', window); // another process, meanwhile: 4 in Redis
      expect(await counter.read('acc_c', window)).toBe(4);

      proxy.restore();
      await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the back-off
      // The seven counted while away go to Redis with the next one: 4 + 7 + 1.
      expect(await away.increment('acc_c', window)).toBe(12);
      expect(await counter.read('acc_c', window)).toBe(12);
    } finally {
      client.disconnect();
      await proxy.stop();
    }
  }, 30_000);
});
