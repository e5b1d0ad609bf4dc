import Redis from 'ioredis';
import { clearRedisPrefix, describeFailureCounterContract, TEST_REDIS_URL, testRedisPrefix } from '@intake/testing';
import { RedisFailureCounter } from './redis.failure-counter';

describeFailureCounterContract('Redis', async () => {
  const prefix = testRedisPrefix();
  const redis = new Redis(TEST_REDIS_URL);
  return {
    counter: new RedisFailureCounter(redis, { url: TEST_REDIS_URL, prefix }),
    teardown: async () => {
      await clearRedisPrefix(prefix);
      redis.disconnect();
    },
  };
});
