import Redis from 'ioredis';
import { clearRedisPrefix, TcpProxy, TEST_REDIS_URL, testRedisPrefix } from '@intake/testing';
import { RedisFailureCounter } from './redis.failure-counter';
import { createRedisClient } from './redis.module';

const DAY = 24 * 3600;
const at = (second: number) => new Date(Date.UTC(2030, 0, 1, 10, 0, second));

describe('RedisFailureCounter (real Redis)', () => {
  const prefix = testRedisPrefix();
  const settings = { url: TEST_REDIS_URL, prefix };
  const redis = new Redis(TEST_REDIS_URL);
  afterAll(async () => {
    await clearRedisPrefix(prefix);
    redis.disconnect();
  });

  it('keeps a tally as long as its quiet time after the last failure, and no longer', async () => {
    const counter = new RedisFailureCounter(redis, settings);
    await counter.record('login:pair:x', at(0), DAY);
    expect(await redis.hgetall(`${prefix}:failures:login:pair:x`)).toEqual({ n: '1', at: String(at(0).getTime()) });
    const ttl = await redis.ttl(`${prefix}:failures:login:pair:x`);
    expect(ttl).toBeGreaterThan(DAY - 5);
    expect(ttl).toBeLessThanOrEqual(DAY);
  });

  it('goes on counting in the process while Redis is away, without making requests wait, and adds it once back', async () => {
    const url = new URL(TEST_REDIS_URL);
    const proxy = await new TcpProxy(url.hostname, Number(url.port || 6379)).start();
    const through = createRedisClient({ url: `redis://127.0.0.1:${proxy.port}`, prefix });
    through.on('error', () => undefined);
    const counter = new RedisFailureCounter(through, settings);
    try {
      // Connected before the first tally: on a busy machine, connecting could outlast the counter's
      // half-second wait, and that tally would be counted in the process, shifting every count after.
      await through.ping();
      expect((await counter.record('down', at(0), DAY)).failures).toBe(1);
      proxy.cut();
      expect((await counter.record('down', at(1), DAY)).failures).toBe(1); // the first one tried Redis, and failed
      const started = Date.now();
      for (let i = 2; i <= 9; i += 1) expect((await counter.record('down', at(i), DAY)).failures).toBe(i);
      expect(await counter.read('down')).toEqual({ failures: 9, lastFailureAt: at(9) });
      await counter.clear('other'); // a log-in that succeeds meanwhile is not refused
      expect(Date.now() - started).toBeLessThan(400);

      proxy.restore();
      await through.ping(); // the client is connected again (its queued commands go through)
      await new Promise((resolve) => setTimeout(resolve, 1_100)); // the backoff ends
      // Redis knew 1, and the failure it was too late for went through once it was back: 2. The
      // process adds the 9 it counted alone: too many by one, never too few.
      expect(await counter.read('down')).toEqual({ failures: 11, lastFailureAt: at(9) });
      expect(await counter.record('down', at(10), DAY)).toEqual({ failures: 12, lastFailureAt: at(10) });
      await counter.clear('down');
      expect(await counter.read('down')).toEqual({ failures: 0, lastFailureAt: null });
    } finally {
      through.disconnect();
      await proxy.stop();
    }
  });
});
