/**
 * API benchmark (DESIGN.md section 7): GET /v1/intakes/:id/status and GET /v1/intakes on a
 * database of 100,000 intakes, against the built api and a bare Fastify + pg server running the
 * same queries, side by side in one run, 64 connections each. Prints a Markdown table and writes
 * tools/bench/api/results.json.
 *
 *   npm run build && npm run bench:api     (BENCH_INTAKES, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ROUNDS)
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { migrateDatabase } from '@intake/postgres';
import { startBareServer } from './bare-server';
import { BENCH_KEY, seed } from './seed';
import { API_NODE_FLAGS, waitFor } from '../common';

const ROOT = join(__dirname, '..', '..', '..');
const INTAKES = Number(process.env['BENCH_INTAKES'] ?? 100_000);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 15);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 64);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const POOL = 10;
const ADMIN_URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Result {
  target: string;
  endpoint: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** The round with the median requests/s. */
function median(rounds: Result[]): Result {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no rounds');
  return middle;
}

async function load(target: string, base: string, endpoint: string, ids: string[]): Promise<Result> {
  let n = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${BENCH_KEY}` },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path:
            endpoint === 'status'
              ? `/v1/intakes/${ids[n++ % ids.length]}/status`
              : `/v1/intakes?limit=20&offset=${(n++ % 50) * 20}`,
        }),
      },
    ],
  });
  return {
    target,
    endpoint: endpoint === 'status' ? 'GET /v1/intakes/:id/status' : 'GET /v1/intakes?limit=20',
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  const name = `bench_api_${process.pid}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const stops: Array<() => Promise<void> | void> = [];
  try {
    await migrateDatabase({ url: url.toString(), poolSize: 2 });
    const started = Date.now();
    const ids = await seed(url.toString(), INTAKES);
    console.log(`seeded ${INTAKES} intakes in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // BENCH_PROFILE=dir writes a V8 CPU profile of the api into dir (inspect with Chrome DevTools).
    const profile = process.env['BENCH_PROFILE']
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_PROFILE']}`]
      : [];
    // The api's production V8 flags (BENCH_NODE_FLAGS overrides them; empty for none).
    const flags = (process.env['BENCH_NODE_FLAGS'] ?? API_NODE_FLAGS).split(' ').filter(Boolean);
    const api = spawn(process.execPath, [...profile, ...flags, join(ROOT, 'dist/apps/api/main.js')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SIGNING_SECRET: 'bench-signing-secret-bench-signing-secret',
        ENCRYPTION_KEY: '0123456789abcdef'.repeat(4), // production needs one; a throwaway key
        // Production refuses AV=none; these routes never scan, so clamd is not contacted.
        AV: 'clamd',
        PORT: '3410',
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        DB_POOL_SIZE: String(POOL),
        DB_MIGRATE_ON_START: 'false',
        LOG_LEVEL: 'warn',
        REDIS_PREFIX: `bench-${process.pid}`,
        RATE_LIMIT_MODE: 'observe',
        STORAGE_DIR: join(ROOT, 'tmp', 'bench-storage'),
        MAIL_OUTBOX_DIR: join(ROOT, 'tmp', 'bench-mail'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    stops.push(
      () =>
        new Promise<void>((resolve) =>
          api.exitCode !== null ? resolve() : (api.once('exit', () => resolve()), api.kill('SIGTERM')),
        ),
    );
    stops.push(await startBareServer(url.toString(), 3411, POOL));
    await waitFor('http://127.0.0.1:3410/healthz');

    // Bare and api alternate ROUNDS times per endpoint and each reports its median round, so a
    // drift of the machine (autovacuum, the other core's load) does not land on one side only.
    const results: Result[] = [];
    const targets = [
      ['bare Fastify + pg', 'http://127.0.0.1:3411'],
      ['api', 'http://127.0.0.1:3410'],
    ] as const;
    for (const endpoint of ['status', 'list']) {
      for (const [target, base] of targets) await load(target, base, endpoint, ids.slice(0, 50)); // warm-up
      const rounds = new Map<string, Result[]>(targets.map(([target]) => [target, []]));
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [target, base] of targets) rounds.get(target)?.push(await load(target, base, endpoint, ids));
      }
      for (const [target] of targets) results.push(median(rounds.get(target) ?? []));
    }

    const lines = [
      `| endpoint | target | requests/s | p50 ms | p99 ms | non-2xx | ratio to bare |`,
      `|---|---|---:|---:|---:|---:|---:|`,
    ];
    for (const r of results) {
      const bare = results.find((b) => b.endpoint === r.endpoint && b.target.startsWith('bare'));
      const ratio = bare ? `${Math.round((r.requestsPerSecond / bare.requestsPerSecond) * 100)}%` : '';
      lines.push(
        `| ${r.endpoint} | ${r.target} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.non2xx + r.errors} | ${r.target === 'api' ? ratio : ''} |`,
      );
    }
    console.log(lines.join('\n'));
    writeFileSync(
      join(__dirname, 'results.json'),
      JSON.stringify(
        { intakes: INTAKES, seconds: SECONDS, connections: CONNECTIONS, rounds: ROUNDS, results },
        null,
        2,
      ),
    );
  } finally {
    for (const stop of stops.reverse()) await stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
