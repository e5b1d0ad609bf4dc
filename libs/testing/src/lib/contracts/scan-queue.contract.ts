import { type ScanQueue } from '@intake/application-files';

export interface ScanQueuePorts {
  queue: ScanQueue;
  /** The file ids waiting to be scanned, in the order the scanner will take them. */
  waiting(): Promise<string[]>;
}

export interface ScanQueueFixture {
  /** The queue with nothing in it. */
  empty(): Promise<ScanQueuePorts>;
  teardown(): Promise<void>;
}

/**
 * The behaviour every ScanQueue must have, run against BullMQ on Redis and the in-memory twin: a
 * file is queued once while it waits (the file id is the job's identity), files in arrival order.
 */
export function describeScanQueueContract(name: string, setup: () => Promise<ScanQueueFixture>): void {
  describe(`ScanQueue contract: ${name}`, () => {
    let fixture: ScanQueueFixture;
    let ports: ScanQueuePorts;

    beforeAll(async () => {
      fixture = await setup();
    }, 60_000);
    afterAll(async () => {
      await fixture?.teardown();
    }, 60_000);
    beforeEach(async () => {
      ports = await fixture.empty();
    });

    it('starts empty', async () => {
      expect(await ports.waiting()).toEqual([]);
    });

    it('queues a file for its scan', async () => {
      await ports.queue.enqueue('fil_one');
      expect(await ports.waiting()).toEqual(['fil_one']);
    });

    it('queues files in the order they came', async () => {
      for (const id of ['fil_c', 'fil_a', 'fil_b']) await ports.queue.enqueue(id);
      expect(await ports.waiting()).toEqual(['fil_c', 'fil_a', 'fil_b']);
    });

    it('queues a file once while it waits, however often it is asked', async () => {
      await ports.queue.enqueue('fil_twice');
      await ports.queue.enqueue('fil_other');
      await ports.queue.enqueue('fil_twice');
      await Promise.all([ports.queue.enqueue('fil_same'), ports.queue.enqueue('fil_same')]);
      expect(await ports.waiting()).toEqual(['fil_twice', 'fil_other', 'fil_same']);
    });
  });
}
