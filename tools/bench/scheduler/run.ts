/**
 * Scheduler benchmark (issue #12): one due reminder for each of 100,000 live intakes, sent by two
 * built scheduler processes (`node dist/apps/scheduler/main.js`, NODE_ENV=production, each its own
 * process) to a minimal SMTP sink in a third process (smtp-sink.ts) that counts the messages by
 * their X-Intake-Chase header. Per round: a fresh database (a copy of one seeded template), the
 * sink and both schedulers started, the periodic job removed, every reminder made due, then one
 * `pass` job per scheduler; the clock stops when the sink has one message for every chase and
 * every chase is recorded `sent`. Prints a Markdown table and writes tools/bench/scheduler/results.json.
 *
 *   npm run build && npm run bench:scheduler
 *     BENCH_REMINDERS (100000), BENCH_ROUNDS (3), BENCH_SCHEDULERS (2), BENCH_DB_POOL (10),
 *     BENCH_PROFILE=dir (V8 CPU profiles of the schedulers), BENCH_NODE_FLAGS,
 *     BENCH_SCHEDULER_MAIN (another build of the scheduler, to compare)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { bullConnection, QueueName, SCHEDULER_PASS_JOB } from '@intake/queue';
import {
  backendCpu,
  backendCpuSince,
  clearRedis,
  cpuSeconds,
  machineCpu,
  pick,
  POOL,
  REDIS_URL,
  ROUNDS,
  sleep,
  startBuiltApp,
  stop,
  until as waitUntil,
  waitFor,
  WORKER_NODE_FLAGS,
} from '../common';
import {
  BENCH_STORAGE_DIR,
  copyDatabase,
  createBenchDatabase,
  dropDatabase,
  productionApiEnv,
  runBenchmark,
} from '../harness';
import { makeDue, seed } from './seed';
import { type SinkStats } from './smtp-sink';

const ROOT = join(__dirname, '..', '..', '..');
const REMINDERS = Number(process.env['BENCH_REMINDERS'] ?? 100_000);
const SCHEDULERS = Number(process.env['BENCH_SCHEDULERS'] ?? 2);
const FIRST_PORT = 3430;
/** The built scheduler (another build's, to compare before and after). */
const MAIN = process.env['BENCH_SCHEDULER_MAIN'] ?? join(ROOT, 'dist/apps/scheduler/main.js');
const TIMEOUT_MS = 15 * 60_000;
const until = <T>(what: string, probe: () => Promise<T | undefined>) => waitUntil(what, probe, TIMEOUT_MS);

interface Round {
  round: number;
  /** From the pass jobs' start to the last of the REMINDERS messages at the sink. */
  mailSeconds: number;
  /** From the pass jobs' start until every chase was recorded `sent`. */
  recordedSeconds: number;
  remindersPerSecond: number;
  duplicates: number;
  received: number;
  /** Chases each scheduler's pass handled. */
  split: number[];
  /** CPU seconds over the round: each scheduler, the sink, the round database's backends, the machine. */
  cpu: { schedulers: number[]; schedulersSystem: number; sink: number; postgres: number; machine: number };
}

function startSink(): Promise<{ child: ChildProcess; port: number; stats: () => Promise<SinkStats> }> {
  const child = fork(join(__dirname, 'smtp-sink.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const stats = () =>
    new Promise<SinkStats>((resolve) => {
      const listener = (message: SinkStats) => {
        if (message.type !== 'stats') return;
        child.off('message', listener);
        resolve(message);
      };
      child.on('message', listener);
      child.send({ type: 'stats' });
    });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (message: { type: string; port: number }) => resolve({ child, port: message.port, stats }));
  });
}

const startScheduler = (index: number, env: Record<string, string>): ChildProcess =>
  startBuiltApp(MAIN, env, 'SCHEDULER_PORT', FIRST_PORT + index, WORKER_NODE_FLAGS);

async function runRound(admin: Client, template: string, round: number): Promise<Round> {
  const name = `${template}_r${round}`;
  const prefix = `bench-sched-${process.pid}-${round}`;
  const url = await copyDatabase(admin, template, name);
  const sink = await startSink();
  const env = productionApiEnv(url, {
    DB_POOL_SIZE: String(POOL),
    REDIS_URL,
    REDIS_PREFIX: prefix,
    STORAGE_DIR: BENCH_STORAGE_DIR,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_FROM: 'Intake <noreply@intake.example>',
    PUBLIC_BASE_URL: 'https://intake.example',
  });
  const schedulers = Array.from({ length: SCHEDULERS }, (_, i) => startScheduler(i, env));
  const queue = new Queue(QueueName.Scheduler, { connection: bullConnection(REDIS_URL), prefix: `${prefix}:bull` });
  const db = new Client({ connectionString: url });
  try {
    for (let i = 0; i < SCHEDULERS; i += 1) await waitFor(`http://127.0.0.1:${FIRST_PORT + i}/readyz`);
    await until('the workers', async () => ((await queue.getWorkers()).length >= SCHEDULERS ? true : undefined));
    // Only the benchmark's jobs run passes: one each, started together.
    await queue.removeJobScheduler('periodic-pass');
    await until('the start-up passes', async () =>
      (await queue.getActiveCount()) + (await queue.getWaitingCount()) === 0 ? true : undefined,
    );
    const due = await makeDue(url);
    if (due !== REMINDERS) throw new Error(`${due} reminders due, expected ${REMINDERS}`);
    await db.connect();

    const cpuBefore = {
      schedulers: schedulers.map((s) => cpuSeconds(s.pid ?? 0)),
      schedulersSystem: schedulers.reduce((sum, s) => sum + cpuSeconds(s.pid ?? 0, 'system'), 0),
      sink: cpuSeconds(sink.child.pid ?? 0),
      postgres: await backendCpu(admin, name),
      machine: machineCpu(),
    };
    const started = Date.now();
    const jobs = await queue.addBulk(
      schedulers.map(() => ({ name: SCHEDULER_PASS_JOB, data: {}, opts: { removeOnComplete: false } })),
    );
    const mailed = await until('every reminder at the sink', async () => {
      const stats = await sink.stats();
      return stats.unique >= REMINDERS ? stats : undefined;
    });
    const recorded = await until('every reminder recorded', async () => {
      const { rows } = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM chases WHERE status = 'scheduled' AND attempt_no = 1`,
      );
      return rows[0]?.n === '0' ? Date.now() : undefined;
    });
    const split = await until('both passes', async () => {
      const values = await Promise.all(jobs.map(async (job) => (await queue.getJob(job.id ?? ''))?.returnvalue));
      return values.every((v) => v)
        ? values.map((v) => (v as { passes: { chases: number } }).passes.chases)
        : undefined;
    });
    const cpu = {
      schedulers: schedulers.map((s, i) => cpuSeconds(s.pid ?? 0) - (cpuBefore.schedulers[i] ?? 0)),
      schedulersSystem:
        schedulers.reduce((sum, s) => sum + cpuSeconds(s.pid ?? 0, 'system'), 0) - cpuBefore.schedulersSystem,
      sink: cpuSeconds(sink.child.pid ?? 0) - cpuBefore.sink,
      postgres: backendCpuSince(cpuBefore.postgres, await backendCpu(admin, name)),
      machine: machineCpu() - cpuBefore.machine,
    };
    await sleep(500); // anything still in flight would show as a duplicate
    const final = await sink.stats();
    const { rows } = await db.query<{ sent: string; next: string }>(
      `SELECT count(*) FILTER (WHERE attempt_no = 1 AND status = 'sent') AS sent,
              count(*) FILTER (WHERE attempt_no = 2 AND status = 'scheduled') AS next
         FROM chases WHERE kind = 'reminder'`,
    );
    if (rows[0]?.sent !== String(REMINDERS) || rows[0]?.next !== String(REMINDERS)) {
      throw new Error(`recorded ${rows[0]?.sent} sent and ${rows[0]?.next} next reminders, expected ${REMINDERS}`);
    }
    const mailSeconds = (mailed.last - started) / 1000;
    return {
      round,
      mailSeconds,
      recordedSeconds: (recorded - started) / 1000,
      remindersPerSecond: Math.round(REMINDERS / mailSeconds),
      duplicates: final.duplicates,
      received: final.total,
      split,
      cpu,
    };
  } finally {
    await db.end().catch(() => undefined);
    await queue.close();
    await Promise.all(schedulers.map(stop));
    sink.child.disconnect();
    await new Promise((resolve) => (sink.child.exitCode !== null ? resolve(null) : sink.child.once('exit', resolve)));
    await dropDatabase(admin, name);
    await clearRedis(REDIS_URL, prefix);
  }
}

async function main(): Promise<void> {
  const database = await createBenchDatabase(`bench_sched_${process.pid}`);
  const { admin, name: template } = database;
  try {
    const seeding = Date.now();
    await seed(database.url, REMINDERS);
    console.log(`seeded ${REMINDERS} intakes with a reminder each in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);

    const rounds: Round[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const result = await runRound(admin, template, round);
      rounds.push(result);
      const c = result.cpu;
      console.log(
        `round ${round}: ${result.mailSeconds.toFixed(1)} s, ${result.remindersPerSecond} reminders/s, ` +
          `${result.duplicates} duplicates, split ${result.split.join('/')}, recorded after ${result.recordedSeconds.toFixed(1)} s; ` +
          `CPU s: schedulers ${c.schedulers.map((s) => s.toFixed(1)).join('+')} (system ${c.schedulersSystem.toFixed(1)}), sink ${c.sink.toFixed(1)}, ` +
          `postgres ${c.postgres.toFixed(1)}, machine ${c.machine.toFixed(1)}`,
      );
    }

    const rates = rounds.map((r) => r.remindersPerSecond);
    const seconds = rounds.map((r) => r.mailSeconds);
    const lines = [
      `| | min | median | max |`,
      `|---|---:|---:|---:|`,
      `| seconds for ${REMINDERS} reminders | ${pick(seconds, 'min').toFixed(1)} | ${pick(seconds, 'median').toFixed(1)} | ${pick(seconds, 'max').toFixed(1)} |`,
      `| reminders/s | ${pick(rates, 'min')} | ${pick(rates, 'median')} | ${pick(rates, 'max')} |`,
      `| duplicates | ${pick(
        rounds.map((r) => r.duplicates),
        'min',
      )} | ${pick(
        rounds.map((r) => r.duplicates),
        'median',
      )} | ${pick(
        rounds.map((r) => r.duplicates),
        'max',
      )} |`,
    ];
    console.log(lines.join('\n'));
    writeFileSync(
      join(__dirname, 'results.json'),
      JSON.stringify({ reminders: REMINDERS, schedulers: SCHEDULERS, pool: POOL, rounds }, null, 2),
    );
  } finally {
    await database.close();
  }
}

runBenchmark(main);
