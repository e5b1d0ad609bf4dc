/**
 * Webhook benchmark (issue #13): two built dispatcher processes (`node
 * dist/apps/webhook-dispatcher/main.js`), a local receiver in a third process (receiver.ts) and
 * a load process (load.ts) that commits webhook events into the outbox as the write path does;
 * 100 accounts with one endpoint each, every event delivered once. Per round, on a fresh database
 * (a copy of one migrated template):
 * - saturation: BENCH_DELIVERIES events committed at once (in transactions of 5,000, each with
 *   the outbox's NOTIFY); the clock runs from the first commit to the last request at the
 *   receiver, so relaying (fan-out) counts too; deliveries/s = events / that time;
 * - latency: BENCH_RATE events per second, one per transaction through PostgresOutbox, for
 *   BENCH_RATE_SECONDS; commit-to-receipt time of each event (commit returned → first request
 *   for its intake id at the receiver), p50/p99/max.
 * Prints a Markdown table and writes tools/bench/webhooks/results.json.
 *
 *   npm run build && npm run bench:webhooks
 *     BENCH_DELIVERIES (50000), BENCH_RATE (200), BENCH_RATE_SECONDS (30), BENCH_ROUNDS (3),
 *     BENCH_DISPATCHERS (2), BENCH_ACCOUNTS (100), BENCH_DB_POOL (10), BENCH_PROFILE=dir (V8 CPU
 *     profiles of the dispatchers), BENCH_NODE_FLAGS, BENCH_DISPATCHER_MAIN (another build)
 *
 * The dispatchers run with NODE_ENV=development: the receiver is on loopback, which only
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS allows, and production refuses that setting.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { AesGcmSecretBox } from '@intake/secret-box';
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
  until,
  waitFor,
  WORKER_NODE_FLAGS,
} from '../common';
import { copyDatabase, createBenchDatabase, dropDatabase, runBenchmark } from '../harness';
import { accountIdOf } from './accounts';
import { type ReceiverStats } from './receiver';

const ROOT = join(__dirname, '..', '..', '..');
const DELIVERIES = Number(process.env['BENCH_DELIVERIES'] ?? 50_000);
const RATE = Number(process.env['BENCH_RATE'] ?? 200);
const RATE_SECONDS = Number(process.env['BENCH_RATE_SECONDS'] ?? 30);
const DISPATCHERS = Number(process.env['BENCH_DISPATCHERS'] ?? 2);
const ACCOUNTS = Number(process.env['BENCH_ACCOUNTS'] ?? 100);
const FIRST_PORT = 3460;
const MAIN = process.env['BENCH_DISPATCHER_MAIN'] ?? join(ROOT, 'dist/apps/webhook-dispatcher/main.js');
const TIMEOUT_MS = 10 * 60_000;
/** The round's dispatchers seal and open secrets with this key. */
const ENCRYPTION_KEY = randomBytes(32);

interface Round {
  round: number;
  saturation: {
    /** From the first commit to the last request at the receiver. */
    seconds: number;
    deliveriesPerSecond: number;
    /** From the first commit until every delivery was recorded `delivered`. */
    recordedSeconds: number;
    commitSeconds: number;
    duplicates: number;
    /** CPU seconds over the phase: each dispatcher, the receiver, the round database's backends, the machine. */
    cpu: { dispatchers: number[]; receiver: number; postgres: number; machine: number };
  };
  latency: {
    events: number;
    /** Events per second the load reached (first to last commit). */
    rate: number;
    p50: number;
    p99: number;
    max: number;
    lateCommits: number;
    duplicates: number;
  };
}

/** A child process that announces itself with a `ready` message, and asks it things over IPC. */
function forked(script: string, env: Record<string, string> = {}) {
  const child = fork(join(__dirname, script), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  const ask = <T>(message: object, answer: string) =>
    new Promise<T>((resolve) => {
      const listener = (reply: { type: string }) => {
        if (reply.type !== answer) return;
        child.off('message', listener);
        resolve(reply as T);
      };
      child.on('message', listener);
      child.send(message);
    });
  const ready = new Promise<{ port?: number }>((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (message: { port?: number }) => resolve(message));
  });
  const end = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.disconnect();
    });
  return { child, ask, ready, end };
}

const startDispatcher = (index: number, env: Record<string, string>): ChildProcess =>
  startBuiltApp(MAIN, env, 'DISPATCHER_PORT', FIRST_PORT + index, WORKER_NODE_FLAGS);

/** The percentile `p` (0–100) of sorted values. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function seedTemplate(url: string): Promise<void> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const sealed = new AesGcmSecretBox({ current: { id: 'bench', key: ENCRYPTION_KEY }, previous: [] }).seal(
      `whsec_${randomBytes(32).toString('base64url')}`,
    );
    const accounts = Array.from({ length: ACCOUNTS }, (_, n) => accountIdOf(n));
    await db.query(
      `INSERT INTO accounts (id, name, plan, created_at, updated_at)
       SELECT id, 'Bench ' || id, 'agency', now(), now() FROM unnest($1::text[]) id`,
      [accounts],
    );
    await db.query(
      `INSERT INTO webhook_endpoints (id, account_id, mode, url, events, format, secret_sealed, created_at)
       SELECT 'whe_bench' || lpad(n::text, 17, '0'), ($1::text[])[n + 1], 'live',
              'http://127.0.0.1:RECEIVER_PORT/hooks/' || n, '{intake.archived,item.submitted}', 'raw', $2, now()
         FROM generate_series(0, $3::int - 1) n`,
      [accounts, sealed, ACCOUNTS],
    );
  } finally {
    await db.end();
  }
}

async function runRound(admin: Client, template: string, round: number): Promise<Round> {
  const name = `${template}_r${round}`;
  const prefix = `bench-webhooks-${process.pid}-${round}`;
  const url = await copyDatabase(admin, template, name);
  const receiver = forked('receiver.ts');
  const { port } = await receiver.ready;
  const db = new Client({ connectionString: url });
  await db.connect();
  await db.query(`UPDATE webhook_endpoints SET url = replace(url, 'RECEIVER_PORT', $1)`, [String(port)]);
  const env = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    DB_POOL_SIZE: String(POOL),
    DB_MIGRATE_ON_START: 'false',
    LOG_LEVEL: 'warn',
    REDIS_URL,
    REDIS_PREFIX: prefix,
    SECRETS_KEY: `bench:${ENCRYPTION_KEY.toString('hex')}`,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  };
  const dispatchers = Array.from({ length: DISPATCHERS }, (_, i) => startDispatcher(i, env));
  const load = forked('load.ts', { DATABASE_URL: url });
  const stats = () => receiver.ask<ReceiverStats>({ type: 'stats' }, 'stats');
  const delivered = async () =>
    Number(
      (await db.query<{ n: string }>(`SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'delivered'`)).rows[0]
        ?.n,
    );
  try {
    for (let i = 0; i < DISPATCHERS; i += 1) await waitFor(`http://127.0.0.1:${FIRST_PORT + i}/readyz`);
    await load.ready;

    // Saturation.
    const cpuBefore = {
      dispatchers: dispatchers.map((d) => cpuSeconds(d.pid ?? 0)),
      receiver: cpuSeconds(receiver.child.pid ?? 0),
      postgres: await backendCpu(admin, name),
      machine: machineCpu(),
    };
    const started = Date.now();
    const { committedAt } = await load.ask<{ committedAt: number }>(
      { type: 'burst', count: DELIVERIES, accounts: ACCOUNTS },
      'burst-done',
    );
    const received = await until(
      'every delivery at the receiver',
      async () => {
        const s = await stats();
        return s.unique >= DELIVERIES ? s : undefined;
      },
      TIMEOUT_MS,
    );
    const recorded = await until(
      'every delivery recorded',
      async () => ((await delivered()) >= DELIVERIES ? Date.now() : undefined),
      TIMEOUT_MS,
    );
    const cpu = {
      dispatchers: dispatchers.map((d, i) => cpuSeconds(d.pid ?? 0) - (cpuBefore.dispatchers[i] ?? 0)),
      receiver: cpuSeconds(receiver.child.pid ?? 0) - cpuBefore.receiver,
      postgres: backendCpuSince(cpuBefore.postgres, await backendCpu(admin, name)),
      machine: machineCpu() - cpuBefore.machine,
    };
    await sleep(500);
    const afterSaturation = await stats();
    const seconds = (received.last - started) / 1000;

    // Latency at a fixed rate.
    const steady = await load.ask<{ commits: Array<[string, number]>; late: number }>(
      { type: 'steady', rate: RATE, seconds: RATE_SECONDS, accounts: ACCOUNTS },
      'steady-done',
    );
    await until(
      'every steady event at the receiver',
      async () => ((await stats()).unique >= DELIVERIES + steady.commits.length ? true : undefined),
      TIMEOUT_MS,
    );
    await until(
      'every steady delivery recorded',
      async () => ((await delivered()) >= DELIVERIES + steady.commits.length ? true : undefined),
      TIMEOUT_MS,
    );
    await sleep(500);
    const { arrivals } = await receiver.ask<{ arrivals: Array<[string, number]> }>({ type: 'arrivals' }, 'arrivals');
    const arrived = new Map(arrivals);
    const latencies = steady.commits.map(([id, at]) => (arrived.get(id) ?? NaN) - at).sort((a, b) => a - b);
    const commitTimes = steady.commits.map(([, at]) => at);
    const rate = (commitTimes.length - 1) / ((Math.max(...commitTimes) - Math.min(...commitTimes)) / 1000);
    const final = await stats();
    return {
      round,
      saturation: {
        seconds,
        deliveriesPerSecond: Math.round(DELIVERIES / seconds),
        recordedSeconds: (recorded - started) / 1000,
        commitSeconds: (committedAt - started) / 1000,
        duplicates: afterSaturation.duplicates,
        cpu,
      },
      latency: {
        events: latencies.length,
        rate: Math.round(rate),
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies[latencies.length - 1] ?? NaN,
        lateCommits: steady.late,
        duplicates: final.duplicates - afterSaturation.duplicates,
      },
    };
  } finally {
    await db.end().catch(() => undefined);
    await Promise.all(dispatchers.map(stop));
    await load.end();
    await receiver.end();
    await dropDatabase(admin, name);
    await clearRedis(REDIS_URL, prefix);
  }
}

async function main(): Promise<void> {
  const database = await createBenchDatabase(`bench_webhooks_${process.pid}`);
  const { admin, name: template } = database;
  try {
    await seedTemplate(database.url);
    const rounds: Round[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const r = await runRound(admin, template, round);
      rounds.push(r);
      const { saturation: s, latency: l } = r;
      console.log(
        `round ${round}: ${DELIVERIES} deliveries in ${s.seconds.toFixed(1)} s = ${s.deliveriesPerSecond}/s ` +
          `(committed in ${s.commitSeconds.toFixed(1)} s, recorded after ${s.recordedSeconds.toFixed(1)} s, ${s.duplicates} duplicates); ` +
          `CPU s: dispatchers ${s.cpu.dispatchers.map((c) => c.toFixed(1)).join('+')}, receiver ${s.cpu.receiver.toFixed(1)}, ` +
          `postgres ${s.cpu.postgres.toFixed(1)}, machine ${s.cpu.machine.toFixed(1)}; ` +
          `${RATE}/s (reached ${l.rate}/s): p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms over ${l.events} events (${l.lateCommits} late commits, ${l.duplicates} duplicates)`,
      );
    }
    const row = (label: string, values: number[], digits = 0) =>
      `| ${label} | ${(['min', 'median', 'max'] as const).map((at) => pick(values, at).toFixed(digits)).join(' | ')} |`;
    console.log(
      [
        `| | min | median | max |`,
        `|---|---:|---:|---:|`,
        row(
          `seconds for ${DELIVERIES} deliveries`,
          rounds.map((r) => r.saturation.seconds),
          1,
        ),
        row(
          'deliveries/s',
          rounds.map((r) => r.saturation.deliveriesPerSecond),
        ),
        row(
          `p50 commit → receipt at ${RATE}/s (ms)`,
          rounds.map((r) => r.latency.p50),
        ),
        row(
          `p99 commit → receipt at ${RATE}/s (ms)`,
          rounds.map((r) => r.latency.p99),
        ),
        row(
          `max commit → receipt at ${RATE}/s (ms)`,
          rounds.map((r) => r.latency.max),
        ),
        row(
          'duplicates',
          rounds.map((r) => r.saturation.duplicates + r.latency.duplicates),
        ),
      ].join('\n'),
    );
    writeFileSync(
      join(__dirname, 'results.json'),
      JSON.stringify(
        {
          deliveries: DELIVERIES,
          rate: RATE,
          rateSeconds: RATE_SECONDS,
          dispatchers: DISPATCHERS,
          accounts: ACCOUNTS,
          pool: POOL,
          rounds,
        },
        null,
        2,
      ),
    );
  } finally {
    await database.close();
  }
}

runBenchmark(main);
