import { InMemoryScanQueue } from '../in-memory/file-ports';
import { describeScanQueueContract } from './scan-queue.contract';

describeScanQueueContract('in memory', async () => ({
  empty: async () => {
    const queue = new InMemoryScanQueue();
    return { queue, waiting: async () => [...queue.queued] };
  },
  teardown: async () => undefined,
}));

describe('InMemoryScanQueue', () => {
  it('fails as an unreachable queue would when set failing', async () => {
    const queue = new InMemoryScanQueue();
    queue.failing = true;
    await expect(queue.enqueue('fil_x')).rejects.toThrow();
    expect(queue.queued).toEqual([]);
  });
});
