import Redis from 'ioredis';
import { describeProcessCacheContract, TEST_REDIS_URL, testRedisPrefix } from '@intake/testing';
import { RedisProcessCache } from './redis.process-cache';

describeProcessCacheContract('Redis', async () => {
  const settings = { url: TEST_REDIS_URL, prefix: testRedisPrefix() };
  const clients = [new Redis(TEST_REDIS_URL), new Redis(TEST_REDIS_URL)] as const;
  const [here, there] = clients.map((client) => new RedisProcessCache(client, settings));
  if (!here || !there) throw new Error('two caches');
  return {
    here,
    there,
    teardown: async () => {
      for (const cache of [here, there]) cache.onApplicationShutdown();
      for (const client of clients) client.disconnect();
    },
  };
});
