import Redis from 'ioredis';
import { clearRedisPrefix, describeWindowCounterContract, TEST_REDIS_URL, testRedisPrefix } from '@intake/testing';
import { RedisWindowCounter } from './redis.window-counter';

describeWindowCounterContract('Redis', async () => {
  const prefix = testRedisPrefix();
  const redis = new Redis(TEST_REDIS_URL);
  return {
    counter: new RedisWindowCounter(redis, { url: TEST_REDIS_URL, prefix }),
    teardown: async () => {
      await clearRedisPrefix(prefix);
      redis.disconnect();
    },
  };
});
