import { getQueueToken } from '@nestjs/bullmq';
import { type Queue, QueueEvents } from 'bullmq';
import Redis from 'ioredis';
import { type PassReport } from '@intake/application-scheduling';
import { SharedTestClock } from '@intake/clock';
import { Clock } from '@intake/kernel';
import { QueueName, SCHEDULER_TICK_JOB } from '@intake/queue';
import { SmtpSink, startTestApp, type TestApp } from '@intake/testing';
import { SchedulerModule } from '../src/app/scheduler.module';

/** The scheduler app on the shared test clock, driven the way POST /_test/tick drives it. */
export interface ClockedScheduler {
  t: TestApp;
  /** The SMTP sink the app sends to (started with the app). */
  sink: SmtpSink;
  /** Sets the shared clock and makes this app read it (for use cases called directly). */
  at(now: Date): Promise<void>;
  /** Runs one scheduler pass through the queue at the clock's current time. */
  tick(): Promise<PassReport>;
  /** Sets the shared clock, then runs one pass. */
  tickAt(now: Date): Promise<PassReport>;
  close(): Promise<void>;
}

/**
 * Starts the scheduler with `TEST_CLOCK=enabled` on the test environment `env`, sending mail to a
 * fresh SMTP sink.
 */
export async function startClockedScheduler(env: NodeJS.ProcessEnv): Promise<ClockedScheduler> {
  const sink = new SmtpSink();
  await sink.start();
  const t = await startTestApp(
    { SMTP_URL: sink.url, MAIL_FROM: 'Intake <noreply@intake.example>', ...env, TEST_CLOCK: 'enabled' },
    (c) => SchedulerModule.forRoot(c),
    { app: 'scheduler' },
  );
  const redis = new Redis(t.config.redis.url);
  const clock = new SharedTestClock(redis, t.config.redis.prefix);
  const events = new QueueEvents(QueueName.Scheduler, {
    connection: { host: '127.0.0.1', port: Number(new URL(t.config.redis.url).port || 6379) },
    prefix: `${t.config.redis.prefix}:bull`,
  });
  await events.waitUntilReady();
  const tick = async (): Promise<PassReport> => {
    const job = await t.app.get<Queue>(getQueueToken(QueueName.Scheduler)).add(SCHEDULER_TICK_JOB, {});
    return (await job.waitUntilFinished(events, 20_000)) as PassReport;
  };
  return {
    t,
    sink,
    tick,
    async at(now) {
      await clock.setNow(now);
      await t.app.get(Clock, { strict: false }).sync();
    },
    async tickAt(now) {
      await clock.setNow(now);
      return tick();
    },
    async close() {
      await events.close();
      redis.disconnect();
      await t.close();
      await sink.stop();
    },
  };
}
