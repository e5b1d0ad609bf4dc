import Redis from 'ioredis';
import { randomToken } from '@intake/ids';

export const TEST_REDIS_URL = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';

/** A key prefix of its own for one test file, so parallel test files never share Redis state. */
export function testRedisPrefix(): string {
  return `test-${randomToken(12).replace(/[^A-Za-z0-9]/g, '')}`;
}

/** Deletes every key under a test prefix. */
export async function clearRedisPrefix(prefix: string, url: string = TEST_REDIS_URL): Promise<number> {
  if (!prefix.startsWith('test-')) throw new Error(`refusing to clear "${prefix}": not a test prefix`);
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}
