import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import { PassReport } from '@intake/application-scheduling';
import { DeliveryQueue } from '@intake/application-webhooks';
import { DomainError } from '@intake/errors';
import { Clock } from '@intake/kernel';
import { QueueName, QUEUES_DRAINED_BY_TICK, SCHEDULER_TICK_JOB } from '@intake/queue';

export const TICK_TIMEOUT_MS = 60_000;
/** How many times one tick runs the scheduler's pass before it gives up. */
export const TICK_ATTEMPTS = 3;
/** What the tick reports as drained besides the BullMQ queues: the webhook deliveries (a table). */
export const WEBHOOK_DELIVERIES_DRAINED = 'webhook_deliveries';

/**
 * POST /_test/tick: asks the scheduler (through its queue) for one full pass and waits for it,
 * then waits until the mail queues are drained and the webhook deliveries settled: nothing due at
 * the clock's now, nothing in flight (the dispatchers are woken at once rather than at their next
 * poll), no committed event left to relay.
 */
@Injectable()
export class TickService implements OnModuleDestroy {
  private events?: QueueEvents;

  constructor(
    @InjectQueue(QueueName.Scheduler) private readonly scheduler: Queue,
    private readonly deliveries: DeliveryQueue,
    private readonly clock: Clock,
  ) {}

  async tick(): Promise<PassReport & { drained: string[] }> {
    const events = await this.queueEvents();
    // A pass that fails is run again, as the periodic pass would be at its next turn: one pass
    // failing on a busy machine (a query cut by its time-out) is no answer to give a test.
    const job = await this.scheduler.add(
      SCHEDULER_TICK_JOB,
      {},
      { removeOnComplete: true, removeOnFail: 100, attempts: TICK_ATTEMPTS, backoff: { type: 'fixed', delay: 100 } },
    );
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
      // A test-only route: the scheduler's reason is what the test needs to see.
      throw new DomainError('service_unavailable', `The scheduler pass failed ${TICK_ATTEMPTS} times: ${message}`, {
        retryAfterSeconds: 5,
      });
    }
    const deadline = Date.now() + TICK_TIMEOUT_MS;
    const drained = await this.drain(deadline);
    await this.settleDeliveries(deadline);
    return { ...report, drained: [...drained, WEBHOOK_DELIVERIES_DRAINED] };
  }

  private async drain(deadline: number): Promise<string[]> {
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

  /** Wakes the dispatchers (retries the moved clock made due) and waits until they are done. */
  private async settleDeliveries(deadline: number): Promise<void> {
    await this.deliveries.wake();
    while (!(await this.deliveries.settled(this.clock.now()))) {
      if (Date.now() > deadline) {
        throw new DomainError(
          'service_unavailable',
          'Webhook deliveries are still due or in flight; is the webhook-dispatcher running?',
          { retryAfterSeconds: 5 },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
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
