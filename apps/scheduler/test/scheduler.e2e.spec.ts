import { getQueueToken } from '@nestjs/bullmq';
import { Queue, QueueEvents } from 'bullmq';
import Redis from 'ioredis';
import { PassReport } from '@intake/application-scheduling';
import { SharedTestClock } from '@intake/clock';
import { migrateDatabase } from '@intake/postgres';
import { QueueName, SCHEDULER_TICK_JOB } from '@intake/queue';
import { createTestEnvironment, startTestApp, TestApp, TestEnvironment } from '@intake/testing';
import { SchedulerModule } from '../src/app/scheduler.module';

describe('scheduler app (real Postgres and Redis)', () => {
  let environment: TestEnvironment;

  beforeAll(async () => {
    environment = await createTestEnvironment((url: string) => migrateDatabase({ url, poolSize: 2 }));
  });
  afterAll(async () => {
    await environment?.dispose();
  });

  describe('with the shared test clock', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ ...environment.env, TEST_CLOCK: 'enabled' }, (c) => SchedulerModule.forRoot(c), {
        app: 'scheduler',
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('serves /healthz and /readyz on its probe port', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'ok',
        checks: { database: 'ok', redis: 'ok', object_storage: 'ok', mail_transport: 'ok' },
      });
    });

    it('answers a tick job with a pass run at the shared clock’s now', async () => {
      const redis = new Redis(t.config.redis.url);
      const events = new QueueEvents(QueueName.Scheduler, {
        connection: { host: '127.0.0.1', port: Number(new URL(t.config.redis.url).port || 6379) },
        prefix: `${t.config.redis.prefix}:bull`,
      });
      try {
        await new SharedTestClock(redis, t.config.redis.prefix).setNow(new Date('2031-03-01T08:00:00Z'));
        await events.waitUntilReady();
        const queue = t.app.get<Queue>(getQueueToken(QueueName.Scheduler));
        const job = await queue.add(SCHEDULER_TICK_JOB, {});
        const report = (await job.waitUntilFinished(events, 10_000)) as PassReport;
        expect(Date.parse(report.now) - Date.parse('2031-03-01T08:00:00Z')).toBeGreaterThanOrEqual(0);
        expect(Date.parse(report.now) - Date.parse('2031-03-01T08:00:00Z')).toBeLessThan(5_000);
        expect(report.passes).toEqual({});
      } finally {
        await events.close();
        redis.disconnect();
      }
    });

    it('schedules no periodic pass, so time moves only when a test says so', async () => {
      const queue = t.app.get<Queue>(getQueueToken(QueueName.Scheduler));
      expect(await queue.getJobSchedulers()).toEqual([]);
    });
  });

  describe('on the system clock', () => {
    it('registers the periodic pass', async () => {
      const t = await startTestApp(environment.env, (c) => SchedulerModule.forRoot(c), { app: 'scheduler' });
      try {
        const queue = t.app.get<Queue>(getQueueToken(QueueName.Scheduler));
        const schedulers = await queue.getJobSchedulers();
        expect(schedulers.map((s) => s.key)).toEqual(['periodic-pass']);
      } finally {
        await t.close();
      }
    });
  });
});
