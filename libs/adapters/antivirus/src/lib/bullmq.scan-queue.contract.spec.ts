import { Queue } from 'bullmq';
import { bullConnection, QueueName } from '@intake/queue';
import { clearRedisPrefix, describeScanQueueContract, TEST_REDIS_URL, testRedisPrefix } from '@intake/testing';
import { BullScanQueue } from './bullmq.scan-queue';

describeScanQueueContract('BullMQ on Redis', async () => {
  const prefix = testRedisPrefix();
  const queue = new Queue(QueueName.Scans, { connection: bullConnection(TEST_REDIS_URL), prefix: `${prefix}:bull` });
  const scans = new BullScanQueue(queue);
  return {
    empty: async () => {
      await queue.obliterate({ force: true });
      return {
        queue: scans,
        waiting: async () => {
          const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized', 'active'], 0, -1, true);
          return jobs.map((job) => {
            // The file id is the job's identity and its payload.
            expect(job.id).toBe((job.data as { file_id: string }).file_id);
            return job.id as string;
          });
        },
      };
    },
    teardown: async () => {
      await queue.close();
      await clearRedisPrefix(prefix);
    },
  };
});
