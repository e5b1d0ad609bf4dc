import { getQueueToken } from '@nestjs/bullmq';
import { type Queue, QueueEvents } from 'bullmq';
import Redis from 'ioredis';
import { type PassReport } from '@intake/application-scheduling';
import { SharedTestClock } from '@intake/clock';
import { QueueName, SCHEDULER_TICK_JOB } from '@intake/queue';
import { construct, pdf, startTestApp, type TestApp, useTestEnvironment } from '@intake/testing';
import { Readable } from 'node:stream';
import { AccountStore } from '@intake/application-accounts';
import { CreateIntake } from '@intake/application-intakes';
import { FileStore, ObjectStorage, ScanQueue, uploadKey } from '@intake/application-files';
import { newId } from '@intake/ids';
import { SchedulerModule } from '../src/app/scheduler.module';
import { givenOwner } from './given-owner';

describe('scheduler app (real Postgres and Redis)', () => {
  const harness = useTestEnvironment();

  describe('with the shared test clock', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ ...harness.environment.env, TEST_CLOCK: 'enabled' }, (c) => SchedulerModule.forRoot(c), {
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
        expect(report.passes).toEqual({
          chases: 0,
          'intakes.overdue': 0,
          'intakes.retention': 0,
          'owner.notifications': 0,
          'test_clocks.advance': 0,
          'files.scan_sweep': 0,
          'results.secret_purge': 0,
          'billing.grace_end': 0,
          'webhooks.relay': 0,
          'read_models.reconcile': 0,
        });
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
      const t = await startTestApp(harness.environment.env, (c) => SchedulerModule.forRoot(c), { app: 'scheduler' });
      try {
        const queue = t.app.get<Queue>(getQueueToken(QueueName.Scheduler));
        const schedulers = await queue.getJobSchedulers();
        expect(schedulers.map((s) => s.key)).toEqual(['periodic-pass']);
      } finally {
        await t.close();
      }
    });
  });

  describe('antivirus scans', () => {
    it('consumes the scans queue: a queued upload is scanned and its verdict recorded', async () => {
      const t = await startTestApp(
        { ...harness.environment.env, TEST_CLOCK: 'enabled' },
        (c) => SchedulerModule.forRoot(c),
        {
          app: 'scheduler',
        },
      );
      try {
        const now = new Date();
        const principal = await givenOwner(t);
        const { accountId } = principal;
        const accounts = t.app.get(AccountStore, { strict: false });
        const { intake } = await construct(t.app, CreateIntake).execute({
          principal,
          body: {
            project_name: 'Scan me',
            client: { email: 'c@example.com', name: 'C' },
            items: [{ key: 'doc', type: 'file', label: 'Document' }],
          },
          meta: { ip: null, requestId: null },
        });
        const fileId = newId('file');
        const storageKey = uploadKey(intake.id, fileId);
        const content = pdf();
        await t.app
          .get(ObjectStorage, { strict: false })
          .put(storageKey, Readable.from([content]), { maxBytes: 10_000 });
        const files = t.app.get(FileStore, { strict: false });
        await files.insert({
          id: fileId,
          account_id: accountId,
          intake_id: intake.id,
          kind: 'upload',
          item_key: 'doc',
          filename: 'doc.pdf',
          mime: 'application/pdf',
          extension: 'pdf',
          size: content.length,
          width: null,
          height: null,
          has_alpha: null,
          checksum_sha256: 'x'.repeat(64),
          storage_key: storageKey,
          av_status: 'pending',
          av_signature: null,
          scanned_at: null,
          scan_attempts: 0,
          created_at: now,
        });
        expect((await accounts.getAccount(accountId))?.storage_bytes_used).toBe(content.length);

        await t.app.get(ScanQueue, { strict: false }).enqueue(fileId);
        let status = 'pending';
        for (let i = 0; i < 100 && status === 'pending'; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          status = (await files.byId(fileId))!.av_status;
        }
        expect(status).toBe('clean');
      } finally {
        await t.close();
      }
    });
  });
});
