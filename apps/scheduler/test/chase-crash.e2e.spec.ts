import { type Job, Queue, QueueEvents } from 'bullmq';
import Redis from 'ioredis';
import { Client } from 'pg';
import { CHASE_BATCH, CHASE_LEASE_MS, SendDueChases } from '@intake/application-chasing';
import { type PassReport } from '@intake/application-scheduling';
import { SharedTestClock } from '@intake/clock';
import { bullConnection, QueueName, SCHEDULER_TICK_JOB } from '@intake/queue';
import {
  construct,
  seedDueReminders,
  SmtpSink,
  startAppProcess,
  startTestApp,
  type TestApp,
  useTestEnvironment,
} from '@intake/testing';
import { SchedulerModule } from '../src/app/scheduler.module';

/** A Tuesday morning; the seeded intakes were invited three days earlier and their first reminder is due. */
const T = new Date('2031-05-06T08:00:00Z');
const INVITED = new Date(T.getTime() - 3 * 24 * 3600_000);
const DUE = new Date(T.getTime() - 60_000);
const CHASES = 3 * CHASE_BATCH;

describe('chasing survives crashes and restarts (real Postgres, Redis and SMTP; scheduler processes)', () => {
  let redis: Redis;
  let clock: SharedTestClock;
  let queue: Queue;
  let events: QueueEvents;
  let db: Client;
  const stops: Array<() => Promise<unknown>> = [];
  // Before the environment's own afterAll (hooks run in the order they are declared): it drops the database.
  afterAll(async () => {
    await db?.end();
    await events?.close();
    await queue?.close();
    redis?.disconnect();
  });
  const harness = useTestEnvironment();

  beforeAll(async () => {
    const { env, redisPrefix } = harness.environment;
    redis = new Redis(env['REDIS_URL'] ?? '');
    clock = new SharedTestClock(redis, redisPrefix);
    queue = new Queue(QueueName.Scheduler, {
      connection: bullConnection(env['REDIS_URL'] ?? ''),
      prefix: `${redisPrefix}:bull`,
    });
    events = new QueueEvents(QueueName.Scheduler, {
      connection: bullConnection(env['REDIS_URL'] ?? ''),
      prefix: `${redisPrefix}:bull`,
    });
    await events.waitUntilReady();
    db = new Client({ connectionString: harness.environment.db.url });
    await db.connect();
  }, 60_000);
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  }, 60_000);

  const environment = (sink: SmtpSink) => ({
    ...harness.environment.env,
    TEST_CLOCK: 'enabled',
    SMTP_URL: sink.url,
    MAIL_FROM: 'Intake <noreply@intake.example>',
  });
  const startSink = async (acceptDelayMs: number) => {
    const sink = await new SmtpSink({ acceptDelayMs }).start();
    stops.push(() => sink.stop());
    return sink;
  };
  const startApp = async (sink: SmtpSink) => {
    const t = await startTestApp(environment(sink), (c) => SchedulerModule.forRoot(c), { app: 'scheduler' });
    stops.push(() => t.close());
    return t;
  };
  const startProcess = async (sink: SmtpSink) => {
    // The scheduler's real main.ts in a process of its own, ready once its probe port answers.
    const scheduler = await startAppProcess('scheduler', environment(sink));
    stops.push(() => scheduler.kill());
    return scheduler;
  };
  /** The chases of `ids` by status, and those still under a lease. */
  const chaseStates = async (ids: string[]) => {
    const { rows } = await db.query<{ id: string; status: string; claimed_by: string | null }>(
      'SELECT id, status, claimed_by FROM chases WHERE id = ANY($1)',
      [ids],
    );
    const count = (status: string) => rows.filter((r) => r.status === status).length;
    return {
      sent: count('sent'),
      scheduled: count('scheduled'),
      leased: rows.filter((r) => r.claimed_by !== null).map((r) => r.id),
    };
  };
  const tick = async (): Promise<Job> => queue.add(SCHEDULER_TICK_JOB, {}, { removeOnFail: 100 });
  /** Messages per chase id for the chases of `ids`. */
  const receipts = (sink: SmtpSink, ids: string[]) => {
    const counts = sink.countBy('x-intake-chase');
    return ids.map((id) => counts.get(id) ?? 0);
  };

  it('two scheduler apps running passes side by side send every due chase exactly once', async () => {
    const ids = await seedDueReminders(harness.environment.db.url, {
      count: CHASES,
      invitedAt: INVITED,
      remindAt: DUE,
      tag: 'twin',
    });
    const sink = await startSink(5);
    const [a, b] = [await startApp(sink), await startApp(sink)];
    await clock.setNow(T);

    // Both passes at once: each claims batches while the other is sending its own.
    const now = new Date(T.getTime() + 1_000);
    const [byA, byB] = await Promise.all([a, b].map((t: TestApp) => construct(t.app, SendDueChases).run(now)));

    expect((byA ?? 0) + (byB ?? 0)).toBe(CHASES);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    const perChase = receipts(sink, ids);
    expect(perChase.filter((n) => n !== 1)).toEqual([]); // none twice, none missing
    expect(sink.messages).toHaveLength(CHASES);
    expect(await chaseStates(ids)).toEqual({ sent: CHASES, scheduled: 0, leased: [] });
  }, 60_000);

  it('kill -9 in the middle of a batch: a restarted scheduler sends every due chase, re-sending at most the claimed batch after the lease', async () => {
    const ids = await seedDueReminders(harness.environment.db.url, {
      count: CHASES,
      invitedAt: INVITED,
      remindAt: DUE,
      tag: 'kill',
    });
    const sink = await startSink(40); // a slow server: a batch of 100 takes about a second
    await clock.setNow(T);
    const first = await startProcess(sink);
    await tick();
    await sink.waitFor(CHASE_BATCH / 4, 30_000);
    first.child.kill('SIGKILL');
    await first.exited;

    const atKill = receipts(sink, ids);
    const crashed = await chaseStates(ids);
    // The first batch was in flight: part of it recorded, the rest still leased to the dead process.
    expect(crashed.leased.length).toBeGreaterThan(0);
    expect(crashed.leased.length + crashed.sent).toBe(CHASE_BATCH);
    // Sent but not recorded: these go out a second time once the lease has run out.
    const leasedAndReceived = crashed.leased.filter((id) => atKill[ids.indexOf(id)] === 1);
    expect(leasedAndReceived.length).toBeGreaterThan(0); // the message the sink had not yet acknowledged

    await startApp(sink); // the restarted scheduler
    // Before the lease runs out the new scheduler sends the rest, and leaves the dead one's chases alone.
    expect(((await (await tick()).waitUntilFinished(events, 30_000)) as PassReport).passes['chases']).toBe(
      CHASES - CHASE_BATCH,
    );
    expect((await chaseStates(ids)).leased).toEqual(crashed.leased);
    expect(receipts(sink, crashed.leased)).toEqual(crashed.leased.map((id) => atKill[ids.indexOf(id)]));

    // Once the lease has run out they are claimed again and sent.
    await clock.setNow(new Date(T.getTime() + CHASE_LEASE_MS + 60_000));
    const report = (await (await tick()).waitUntilFinished(events, 30_000)) as PassReport;
    expect(report.passes['chases']).toBe(crashed.leased.length);

    const after = receipts(sink, ids);
    expect(after.filter((n) => n === 0)).toEqual([]); // every due chase went out
    const duplicates = after.reduce((sum, n) => sum + n - 1, 0);
    expect(duplicates).toBe(leasedAndReceived.length); // exactly the sent-but-unrecorded ones
    expect(duplicates).toBeLessThanOrEqual(CHASE_BATCH);
    expect(await chaseStates(ids)).toEqual({ sent: CHASES, scheduled: 0, leased: [] });
  }, 60_000);

  it('SIGTERM finishes the claimed batch, records it, claims no more and exits', async () => {
    const ids = await seedDueReminders(harness.environment.db.url, {
      count: CHASES,
      invitedAt: INVITED,
      remindAt: DUE,
      tag: 'term',
    });
    const sink = await startSink(20);
    await clock.setNow(T);
    const scheduler = await startProcess(sink);
    const job = await tick();
    await sink.waitFor(10, 30_000);
    scheduler.child.kill('SIGTERM');
    const exit = await scheduler.exited;

    expect(exit).toEqual({ code: 0, signal: null });
    // The whole first batch went out and was recorded; nothing else was claimed; no lease is left.
    expect(await chaseStates(ids)).toEqual({ sent: CHASE_BATCH, scheduled: CHASES - CHASE_BATCH, leased: [] });
    const perChase = receipts(sink, ids);
    expect(perChase.filter((n) => n > 1)).toEqual([]);
    expect(perChase.filter((n) => n === 1)).toHaveLength(CHASE_BATCH);
    // The pass's job completed with what it did.
    const finished = await queue.getJob(job.id ?? '');
    expect(await finished?.getState()).toBe('completed');
    expect((finished?.returnvalue as PassReport).passes).toEqual({ chases: CHASE_BATCH });
  }, 60_000);
});
