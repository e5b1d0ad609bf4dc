import { Queue } from 'bullmq';
import { bullConnection, QueueName } from '@intake/queue';
import { clearRedisPrefix, TcpProxy, TEST_REDIS_URL, testRedisPrefix } from '@intake/testing';
import { BullScanQueue, ENQUEUE_TIMEOUT_MS } from './bullmq.scan-queue';

describe('BullScanQueue while Redis is unreachable', () => {
  const prefix = testRedisPrefix();
  const redis = new URL(TEST_REDIS_URL);
  let proxy: TcpProxy;
  let queue: Queue;

  beforeAll(async () => {
    proxy = await new TcpProxy(redis.hostname, Number(redis.port || 6379)).start();
    const url = new URL(TEST_REDIS_URL);
    url.port = String(proxy.port);
    queue = new Queue(QueueName.Scans, { connection: bullConnection(url.toString()), prefix: `${prefix}:bull` });
    await queue.waitUntilReady();
  });
  afterAll(async () => {
    proxy.restore();
    await queue.close();
    await proxy.stop();
    await clearRedisPrefix(prefix);
  });

  it('gives up after a bounded wait instead of hanging the upload, and queues the file once Redis is back', async () => {
    proxy.cut();
    const started = Date.now();
    await expect(new BullScanQueue(queue).enqueue('file_1')).rejects.toThrow(/did not answer/);
    expect(Date.now() - started).toBeLessThan(ENQUEUE_TIMEOUT_MS + 1_000);
    proxy.restore();
    await new BullScanQueue(queue).enqueue('file_2');
    const ids = (await queue.getJobs(['waiting', 'delayed', 'prioritized'], 0, -1, true)).map((job) => job.id);
    expect(ids).toContain('file_2');
  }, 30_000);
});
