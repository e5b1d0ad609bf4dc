import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import { PassReport } from '@intake/application-scheduling';
import { DomainError } from '@intake/errors';
import { QueueName, QUEUES_DRAINED_BY_TICK, SCHEDULER_TICK_JOB } from '@intake/queue';

export const TICK_TIMEOUT_MS = 60_000;

/**
 * POST /_test/tick: asks the scheduler (through its queue) for one full pass and waits for it,
 * then waits until the mail and webhook queues are drained.
 */
@Injectable()
export class TickService implements OnModuleDestroy {
  private events?: QueueEvents;

  constructor(@InjectQueue(QueueName.Scheduler) private readonly scheduler: Queue) {}

  async tick(): Promise<PassReport & { drained: string[] }> {
    const events = await this.queueEvents();
    const job = await this.scheduler.add(SCHEDULER_TICK_JOB, {}, { removeOnComplete: true, removeOnFail: 100 });
    let report: PassReport;
    try {
      report = (await job.waitUntilFinished(events, TICK_TIMEOUT_MS)) as PassReport;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/timed out/i.test(message)) {
        throw new DomainError(
          'service_unavailable',
          'No scheduler finished the pass in time; is the scheduler running?',
          {
            retryAfterSeconds: 5,
          },
        );
      }
      throw error;
    }
    const drained = await this.drain();
    return { ...report, drained };
  }

  private async drain(): Promise<string[]> {
    const deadline = Date.now() + TICK_TIMEOUT_MS;
    const names = [...QUEUES_DRAINED_BY_TICK];
    for (const name of names) {
      const queue = new Queue(name, this.scheduler.opts);
      try {
        for (;;) {
          const counts = await queue.getJobCounts('waiting', 'active', 'prioritized');
          if ((counts['waiting'] ?? 0) + (counts['active'] ?? 0) + (counts['prioritized'] ?? 0) === 0) break;
          if (Date.now() > deadline)
            throw new DomainError('service_unavailable', `Queue ${name} did not drain in time.`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      } finally {
        await queue.close();
      }
    }
    return names;
  }

  private async queueEvents(): Promise<QueueEvents> {
    if (!this.events) {
      this.events = new QueueEvents(QueueName.Scheduler, {
        connection: this.scheduler.opts.connection,
        prefix: this.scheduler.opts.prefix,
      });
      await this.events.waitUntilReady();
    }
    return this.events;
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
  }
}
