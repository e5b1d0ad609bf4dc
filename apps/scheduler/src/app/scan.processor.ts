import { Processor, WorkerHost } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Logger } from '@nestjs/common';
import { type Job } from 'bullmq';
import { ScanFile, type ScanOutcome } from '@intake/application-files';
import { QueueName } from '@intake/queue';
import { Metrics } from '@intake/http';

/**
 * Consumes the scans queue: one job per upload, queued by the api after the upload commits.
 * A failed scan (clamd away) is retried with backoff; the sweep pass catches anything lost. On
 * shutdown the scans in progress finish before the database connection closes.
 */
@Processor(QueueName.Scans, { concurrency: 2 })
export class ScanProcessor extends WorkerHost implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Scans');

  constructor(
    private readonly scanFile: ScanFile,
    private readonly metrics: Metrics,
  ) {
    super();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }

  async process(job: Job<{ file_id: string }>): Promise<ScanOutcome> {
    const outcome = await this.metrics.timeJob(QueueName.Scans, job.name, () =>
      this.scanFile.execute(job.data.file_id),
    );
    if (outcome === 'infected') this.logger.warn({ file_id: job.data.file_id, outcome });
    return outcome;
  }
}
