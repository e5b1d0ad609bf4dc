import Redis from 'ioredis';
import { TEST_REDIS_URL, testRedisPrefix } from '@intake/testing';
import { RedisProcessCache } from './redis.process-cache';

describe('RedisProcessCache when it cannot hear the channel', () => {
  it('caches nothing while its subscriber is disconnected (a revocation could go unheard)', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    const cache = new RedisProcessCache(redis, { url: TEST_REDIS_URL, prefix: testRedisPrefix() });
    try {
      const deadline = Date.now() + 2_000;
      while (cache.get('k') === undefined && Date.now() < deadline) {
        cache.remember('k', ['t'], 1, cache.ticket());
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(cache.get('k')).toBe(1);
      // The subscriber's connection goes (as when Redis restarts or the network drops it).
      (cache as unknown as { subscriber: Redis }).subscriber.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(cache.get('k')).toBeUndefined();
      cache.remember('k', ['t'], 2, cache.ticket());
      expect(cache.get('k')).toBeUndefined();
    } finally {
      cache.onApplicationShutdown();
      redis.disconnect();
    }
  });
});
