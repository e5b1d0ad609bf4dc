import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { ScanQueue } from '@intake/application-files';
import { QueueName } from '@intake/queue';

export const SCAN_JOB = 'scan';

/** The ScanQueue port on BullMQ: the file id is the job id, so a file is queued once at a time. */
@Injectable()
export class BullScanQueue extends ScanQueue {
  constructor(@InjectQueue(QueueName.Scans) private readonly queue: Queue) {
    super();
  }

  async enqueue(fileId: string): Promise<void> {
    await this.queue.add(
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
  }
}
