import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { ScanQueue } from '@intake/application-files';
import { QueueName } from '@intake/queue';

export const SCAN_JOB = 'scan';

/**
 * How long an upload waits for Redis to take the job. The app's Bull connection retries commands
 * until Redis answers (workers must wait out an outage), so without a bound an upload would hang
 * while Redis is down instead of leaving the file to the scheduler's sweep.
 */
export const ENQUEUE_TIMEOUT_MS = 2_000;

/** The ScanQueue port on BullMQ: the file id is the job id, so a file is queued once at a time. */
@Injectable()
export class BullScanQueue extends ScanQueue {
  constructor(@InjectQueue(QueueName.Scans) private readonly queue: Queue) {
    super();
  }

  async enqueue(fileId: string): Promise<void> {
    const added = this.queue.add(
      SCAN_JOB,
      { file_id: fileId },
      {
        jobId: fileId,
        attempts: 5,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: true,
        removeOnFail: 1000,
      },
    );
    // If Redis comes back later the job is still added (once: the job id is the file id).
    added.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the scan queue did not answer within ${ENQUEUE_TIMEOUT_MS} ms`)),
        ENQUEUE_TIMEOUT_MS,
      );
      timer.unref();
    });
    try {
      await Promise.race([added, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
