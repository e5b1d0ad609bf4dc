/**
 * API benchmark (the targets in docs/benchmarks.md, "API"): GET /v1/intakes/:id/status and GET /v1/intakes against the
 * built api and a bare Fastify + pg server running the same SQL, each in a process of its own with
 * the same node flags, driven by a load generator in a third; bare and api alternate BENCH_ROUNDS
 * times per endpoint, at saturation and then at half of the bare server's median rate. Each round
 * records the CPU of the load generator, of the server and of its PostgreSQL backends, the SQL
 * statements per request and the server's RSS. Prints Markdown tables and writes
 * tools/bench/api/results.json (with the commit, core count and load average).
 *
 *   npm run build && npm run bench:api
 *     BENCH_INTAKES (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (64), BENCH_ROUNDS (3),
 *     BENCH_NODE_FLAGS, BENCH_PROFILE=dir (V8 CPU profiles of every measured process),
 *     BENCH_API_MAIN (another build of the api, e.g. one from before a change),
 *     BENCH_SIZES=10000,100000,1000000 (instead: the api alone as the account grows, list offsets
 *     0/1,000/10,000, EXPLAIN (ANALYZE, BUFFERS) of the hot statements into docs/generated/api-explain)
 */
import { type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '@intake/testing';
import { SQL } from './bare-server';
import { BENCH_ACCOUNT, BENCH_KEY, seed } from './seed';
import {
  REDIS_URL,
  ROUNDS,
  backendCpu,
  backendCpuSince,
  clearRedis,
  cpuSeconds,
  forkMeasured,
  machine,
  machineCpu,
  queriesSent,
  rssMiB,
  sleep,
  spread,
  startBuiltApp,
  startLoadGenerator,
  stop,
  waitFor,
  type LoadRound,
  type LoadRoundResult,
} from '../common';
import { BENCH_MAIL_DIR, BENCH_STORAGE_DIR, createBenchDatabase, productionApiEnv, runBenchmark } from '../harness';

const ROOT = join(__dirname, '..', '..', '..');
const INTAKES = Number(process.env['BENCH_INTAKES'] ?? 100_000);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 64);
const SIZES = (process.env['BENCH_SIZES'] ?? '').split(',').filter(Boolean).map(Number);
const POOL = 10;

type Endpoint = 'status' | 'list';
const ENDPOINT_NAMES: Record<Endpoint, string> = {
  status: 'GET /v1/intakes/:id/status',
  list: 'GET /v1/intakes?limit=20',
};

interface Side {
  name: 'bare' | 'api';
  url: string;
  child: ChildProcess;
}

interface Round extends LoadRoundResult {
  side: string;
  endpoint: string;
  rate: number | null;
  /** CPU milliseconds per request of the server process, its PostgreSQL backends and the load generator. */
  cpuMsPerRequest: { server: number; postgres: number; loadGenerator: number };
  /** Busy CPU seconds of the machine during the round that none of the three used (other work). */
  otherCpuSeconds: number;
  queriesPerRequest: number;
  rssMiB: number;
}

const perRequest = (seconds: number, requests: number) => Math.round((seconds / Math.max(1, requests)) * 1e5) / 100;

async function main(): Promise<void> {
  const database = await createBenchDatabase(`bench_api_${process.pid}`);
  const { admin, name, url } = database;
  const prefix = `bench-${process.pid}`;
  const stops: Array<() => Promise<void>> = [];
  try {
    // Free ports, so that two benchmarks on one machine (two worktrees) do not meet.
    const [API_PORT, BARE_PORT] = [await freePort(), await freePort()];
    const generator = await startLoadGenerator();
    stops.push(generator.stop);
    // BENCH_API_MAIN: another build of the api (the one before a change, for its own figures).
    const api = startBuiltApp(
      process.env['BENCH_API_MAIN'] ?? join(ROOT, 'dist/apps/api/main.js'),
      productionApiEnv(url, {
        DB_POOL_SIZE: String(POOL),
        REDIS_URL,
        REDIS_PREFIX: prefix,
        RATE_LIMIT_MODE: 'observe',
        STORAGE_DIR: BENCH_STORAGE_DIR,
        MAIL_OUTBOX_DIR: BENCH_MAIL_DIR,
      }),
      'PORT',
      API_PORT,
    );
    stops.push(() => stop(api));
    stops.push(() => clearRedis(REDIS_URL, prefix));
    const apiSide: Side = { name: 'api', url: `http://127.0.0.1:${API_PORT}`, child: api };

    /** One round against `side`, with the CPU, statements and memory it cost. */
    const measure = async (side: Side, endpoint: Endpoint, paths: string[], rate?: number): Promise<Round> => {
      const before = {
        generator: cpuSeconds(generator.pid),
        server: cpuSeconds(side.child.pid ?? 0),
        postgres: await backendCpu(admin, name),
        machine: machineCpu(),
        queries: await queriesSent(side.child),
      };
      const round: LoadRound = {
        url: side.url,
        paths,
        connections: CONNECTIONS,
        seconds: SECONDS,
        ...(rate ? { rate } : {}),
        headers: { authorization: `Bearer ${BENCH_KEY}` },
      };
      const result = await generator.run(round);
      await sleep(300); // the requests in flight when the round ended are answered (and counted) too
      const generatorCpu = cpuSeconds(generator.pid) - before.generator;
      const serverCpu = cpuSeconds(side.child.pid ?? 0) - before.server;
      const postgresCpu = backendCpuSince(before.postgres, await backendCpu(admin, name));
      const machineBusy = machineCpu() - before.machine;
      const queries = (await queriesSent(side.child)) - before.queries;
      return {
        side: side.name,
        endpoint: ENDPOINT_NAMES[endpoint],
        rate: rate ?? null,
        ...result,
        cpuMsPerRequest: {
          server: perRequest(serverCpu, result.sent),
          postgres: perRequest(postgresCpu, result.sent),
          loadGenerator: perRequest(generatorCpu, result.sent),
        },
        otherCpuSeconds: Math.round((machineBusy - generatorCpu - serverCpu - postgresCpu) * 10) / 10,
        queriesPerRequest: Math.round((queries / Math.max(1, result.sent)) * 100) / 100,
        rssMiB: Math.round(rssMiB(side.child.pid ?? 0)),
      };
    };

    if (SIZES.length > 0) {
      await growth(url, apiSide, measure);
      return;
    }

    const started = Date.now();
    const ids = await seed(url, INTAKES);
    console.log(`seeded ${INTAKES} intakes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const bare = await forkMeasured(join(__dirname, 'bare-server.ts'), {
      NODE_ENV: 'production',
      BARE_DATABASE_URL: url,
      BARE_PORT: String(BARE_PORT),
      BARE_POOL: String(POOL),
    });
    stops.push(() => stop(bare));
    await waitFor(`${apiSide.url}/healthz`);
    const sides: Side[] = [{ name: 'bare', url: `http://127.0.0.1:${BARE_PORT}`, child: bare }, apiSide];
    const paths: Record<Endpoint, string[]> = {
      status: ids.map((id) => `/v1/intakes/${id}/status`),
      list: Array.from({ length: 50 }, (_, i) => `/v1/intakes?limit=20&offset=${i * 20}`),
    };

    const atStart = machine();
    console.log(`${atStart.cores} cores, load average ${atStart.loadAverage.join(' ')}, commit ${atStart.commit}`);
    const rounds: Round[] = [];
    for (const endpoint of ['status', 'list'] as const) {
      for (const side of sides) await measure(side, endpoint, paths[endpoint].slice(0, 50)); // warm-up
      // Bare and api alternate, so a drift of the machine (other work, autovacuum) lands on both.
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const side of sides) rounds.push(await measure(side, endpoint, paths[endpoint]));
      }
      // Latency at a fixed rate: half of the bare server's median saturation rate, both sides.
      const bareRates = rounds.filter((r) => r.side === 'bare' && r.endpoint === ENDPOINT_NAMES[endpoint] && !r.rate);
      const rate = Math.round(spread(bareRates.map((r) => r.requestsPerSecond)).median / 2);
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const side of sides) rounds.push(await measure(side, endpoint, paths[endpoint], rate));
      }
    }
    const atEnd = machine();
    const summary = summarise(rounds);
    console.log(
      `\n${atEnd.cores} cores, load average ${atEnd.loadAverage.join(' ')} (at start ${atStart.loadAverage.join(' ')})\n`,
    );
    console.log(summary.join('\n'));
    writeFileSync(
      join(__dirname, 'results.json'),
      JSON.stringify(
        {
          machine: { ...atEnd, loadAverageAtStart: atStart.loadAverage },
          intakes: INTAKES,
          seconds: SECONDS,
          connections: CONNECTIONS,
          rounds: ROUNDS,
          results: rounds,
        },
        null,
        2,
      ),
    );
  } finally {
    for (const stopOne of stops.reverse()) await stopOne().catch(() => undefined);
    await database.close();
  }
}

/** The Markdown tables: saturation (spread of rounds) and fixed rate, per endpoint and side. */
function summarise(rounds: Round[]): string[] {
  const lines = [
    '| endpoint | side | requests/s min / median / max | p50 ms | p99 ms | CPU ms/request: server, PostgreSQL, load generator | SQL/request | other CPU s/round | RSS MiB | ratio to bare | CPU ratio |',
    '|---|---|---|---:|---:|---|---:|---:|---:|---:|---:|',
  ];
  const medianRound = (of: Round[], by: (r: Round) => number) =>
    [...of].sort((a, b) => by(a) - by(b))[Math.floor(of.length / 2)];
  for (const endpoint of Object.values(ENDPOINT_NAMES)) {
    const bareRounds = rounds.filter((r) => r.endpoint === endpoint && r.side === 'bare' && !r.rate);
    const bareMedian = spread(bareRounds.map((r) => r.requestsPerSecond)).median;
    // What a request costs the server and PostgreSQL in CPU, median over the rounds: the ratio of
    // bare's to the api's is the throughput ratio on a machine where they were the only load.
    const cost = (of: Round[]) => spread(of.map((r) => r.cpuMsPerRequest.server + r.cpuMsPerRequest.postgres)).median;
    for (const side of ['bare', 'api']) {
      const of = rounds.filter((r) => r.endpoint === endpoint && r.side === side && !r.rate);
      const rps = spread(of.map((r) => r.requestsPerSecond));
      const m = medianRound(of, (r) => r.requestsPerSecond);
      if (!m) continue;
      const c = m.cpuMsPerRequest;
      lines.push(
        `| ${endpoint} | ${side} | ${rps.min} / **${rps.median}** / ${rps.max} | ${m.p50} | ${m.p99} | ${c.server}, ${c.postgres}, ${c.loadGenerator} | ${m.queriesPerRequest} | ${m.otherCpuSeconds} | ${Math.max(...of.map((r) => r.rssMiB))} | ${side === 'api' ? `**${Math.round((rps.median / bareMedian) * 100)}%**` : ''} | ${side === 'api' ? `${Math.round((cost(bareRounds) / cost(of)) * 100)}%` : ''} |`,
      );
    }
  }
  lines.push(
    '',
    '| endpoint | side | fixed rate/s | achieved/s | p50 ms | p99 ms (min / median / max) | p99.9 ms | api p99 / bare p99 |',
    '|---|---|---:|---:|---:|---|---:|---:|',
  );
  for (const endpoint of Object.values(ENDPOINT_NAMES)) {
    const p99s: Record<string, number> = {};
    for (const side of ['bare', 'api']) {
      const of = rounds.filter((r) => r.endpoint === endpoint && r.side === side && r.rate);
      const m = medianRound(of, (r) => r.p99);
      if (!m) continue;
      const p99 = spread(of.map((r) => r.p99));
      p99s[side] = p99.median;
      lines.push(
        `| ${endpoint} | ${side} | ${m.rate} | ${m.requestsPerSecond} | ${m.p50} | ${p99.min} / **${p99.median}** / ${p99.max} | ${m.p999} | ${side === 'api' ? `${((p99s['api'] ?? NaN) / (p99s['bare'] ?? NaN)).toFixed(2)}x` : ''} |`,
      );
    }
  }
  const errors = rounds.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  lines.push('', `non-2xx responses and errors over all rounds: ${errors}`);
  return lines;
}

/**
 * The api alone as one account grows (BENCH_SIZES, seeded up in steps): status, and the list at
 * offsets 0, 1,000 and 10,000, BENCH_ROUNDS rounds of each at saturation (the cases in turn); EXPLAIN (ANALYZE, BUFFERS) of the hot
 * statements at each size into docs/generated/api-explain/<size>.txt.
 */
async function growth(
  url: string,
  api: Side,
  measure: (side: Side, endpoint: Endpoint, paths: string[], rate?: number) => Promise<Round>,
): Promise<void> {
  const table = [
    '| intakes | endpoint | requests/s min / median / max | p50 ms (median) | p99 ms (median) | SQL/request | RSS MiB |',
    '|---:|---|---:|---:|---:|---:|---:|',
  ];
  const explainDir = join(ROOT, 'docs', 'generated', 'api-explain');
  mkdirSync(explainDir, { recursive: true });
  const results: Array<Round & { intakes: number }> = [];
  let seeded = 0;
  await waitFor(`${api.url}/healthz`);
  for (const size of [...SIZES].sort((a, b) => a - b)) {
    const started = Date.now();
    const ids = await seed(url, size, seeded);
    seeded = size;
    console.log(
      `seeded up to ${size} intakes in ${((Date.now() - started) / 1000).toFixed(1)} s; ${machine().loadAverage.join(' ')}`,
    );
    writeFileSync(join(explainDir, `${size}.txt`), await explainAll(url, ids[0] ?? ''));
    const cases: Array<[Endpoint, string, string[]]> = [
      ['status', 'status', ids.map((id) => `/v1/intakes/${id}/status`)],
      ...[0, 1_000, 10_000].map((offset): [Endpoint, string, string[]] => [
        'list',
        `list offset ${offset}`,
        [`/v1/intakes?limit=20&offset=${offset}`],
      ]),
    ];
    for (const [endpoint, , paths] of cases) await measure(api, endpoint, paths.slice(0, 50)); // warm-up
    // BENCH_ROUNDS rounds of each case, the cases taken in turn so a drift lands on all of them.
    const rounds = new Map<string, Round[]>();
    for (let n = 0; n < ROUNDS; n += 1) {
      for (const [endpoint, label, paths] of cases) {
        const round = await measure(api, endpoint, paths);
        results.push({ ...round, endpoint: label, intakes: size });
        rounds.set(label, [...(rounds.get(label) ?? []), round]);
      }
    }
    for (const [label, of] of rounds) {
      const rps = spread(of.map((r) => r.requestsPerSecond));
      const p99 = spread(of.map((r) => r.p99));
      const sql = spread(of.map((r) => r.queriesPerRequest));
      table.push(
        `| ${size} | ${label} | ${rps.min} / **${rps.median}** / ${rps.max} | ${spread(of.map((r) => r.p50)).median} | ${p99.median} | ${sql.median} | ${Math.max(...of.map((r) => r.rssMiB))} |`,
      );
    }
  }
  const info = machine();
  console.log(`\n${info.cores} cores, load average ${info.loadAverage.join(' ')}, commit ${info.commit}\n`);
  console.log(table.join('\n'));
  writeFileSync(
    join(__dirname, 'growth-results.json'),
    JSON.stringify({ machine: info, seconds: SECONDS, connections: CONNECTIONS, results }, null, 2),
  );
}

/** EXPLAIN (ANALYZE, BUFFERS) of each hot statement, as the bare server and the api send them. */
async function explainAll(url: string, intakeId: string): Promise<string> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const hash = createHash('sha256').update(BENCH_KEY).digest();
    const page = await db.query<{ id: string }>(SQL.page, [BENCH_ACCOUNT, 20, 0]);
    const statements: Array<[string, string, unknown[]]> = [
      ['key', SQL.key, [hash]],
      ['intake', SQL.intake, [intakeId, BENCH_ACCOUNT]],
      ['items', SQL.items, [intakeId]],
      ['chases', SQL.chases, [intakeId]],
      ...[0, 1_000, 10_000].map((offset): [string, string, unknown[]] => [
        `page offset ${offset}`,
        SQL.page,
        [BENCH_ACCOUNT, 20, offset],
      ]),
      ['total', SQL.total, [BENCH_ACCOUNT]],
      ['page items', SQL.pageItems, [page.rows.map((r) => r.id)]],
    ];
    const out: string[] = [];
    for (const [label, sql, params] of statements) {
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      out.push(`-- ${label}`, sql.replace(/\s+/g, ' '), ...rows.map((r) => r['QUERY PLAN']), '');
    }
    return out.join('\n');
  } finally {
    await db.end();
  }
}

runBenchmark(main);
