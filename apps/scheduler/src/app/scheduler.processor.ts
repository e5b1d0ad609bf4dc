import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Inject, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { PassReport, runSchedulerPasses, SchedulerPass } from '@intake/application-scheduling';
import { Clock } from '@intake/kernel';
import { APP_CONFIG, AppConfig } from '@intake/config';
import { QueueName, SCHEDULER_PASS_JOB, SCHEDULER_TICK_JOB } from '@intake/queue';
import { Metrics } from '@intake/http';

/** The passes this scheduler runs, in order (bound by SchedulerModule). */
export const SCHEDULER_PASSES = Symbol('SCHEDULER_PASSES');

/** How often the periodic pass runs outside test-clock mode. */
export const PASS_EVERY_MS = 10_000;

/**
 * Consumes the scheduler queue: `pass` jobs from the periodic job scheduler and `tick` jobs from
 * POST /_test/tick. Under the test clock no periodic pass is scheduled, so time moves only when a
 * test says so. On shutdown (SIGTERM) the running pass finishes the batch it holds, and the worker
 * is closed before anything else shuts down, so that batch is still recorded in the database.
 */
@Processor(QueueName.Scheduler, { concurrency: 1 })
export class SchedulerProcessor extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Scheduler');
  private readonly stopping = new AbortController();

  constructor(
    @Inject(SCHEDULER_PASSES) private readonly passes: SchedulerPass[],
    @InjectQueue(QueueName.Scheduler) private readonly queue: Queue,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.testClock) {
      await this.queue.removeJobScheduler('periodic-pass');
      this.logger.log('test clock enabled: passes run only on POST /_test/tick');
      return;
    }
    await this.queue.upsertJobScheduler(
      'periodic-pass',
      { every: PASS_EVERY_MS },
      { name: SCHEDULER_PASS_JOB, opts: { removeOnComplete: true, removeOnFail: 100 } },
    );
  }

  /** Before the database and Redis connections close: stop claiming, wait for the running job. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await this.worker.close();
  }

  process(job: Job): Promise<PassReport> {
    return this.metrics.timeJob(QueueName.Scheduler, job.name, () => this.runPasses(job));
  }

  private async runPasses(job: Job): Promise<PassReport> {
    await this.clock.sync();
    let report: PassReport;
    try {
      report = await runSchedulerPasses(this.passes, this.clock.now(), this.stopping.signal);
    } catch (error) {
      // The job fails and is run again (a tick's next attempt, the next periodic pass): say why.
      this.logger.warn({ job: job.name, attempt: job.attemptsMade + 1, error: (error as Error).message });
      throw error;
    }
    if (job.name === SCHEDULER_TICK_JOB || Object.values(report.passes).some((count) => count > 0)) {
      this.logger.log({ job: job.name, ...report });
    }
    return report;
  }
}
