/**
 * MCP benchmark (issue #30): what one MCP tool call costs over the REST call it wraps. The built api
 * answers, at the same fixed rate, GET /v1/intakes/:id/status and POST /mcp with `tools/call`
 * get_intake_status for the same intakes (a stateless MCP server and transport per request, the tool
 * calling the REST route in-process). The api, PostgreSQL and the load generator each run in a
 * process of their own; REST and MCP alternate BENCH_ROUNDS (3) rounds of BENCH_SECONDS (10) at
 * BENCH_RATE (100) requests/s, open loop, after a warm-up of each. Each round records p50/p99/p99.9
 * and the api's CPU per request. Prints a Markdown table (min / median / max over the rounds, and
 * the p50 and CPU MCP adds) and writes tools/bench/mcp/results.json.
 *
 *   npx nx build api && npm run bench:mcp
 *     BENCH_INTAKES (1000), BENCH_RATE (100), BENCH_SECONDS (10), BENCH_ROUNDS (3), BENCH_CONNECTIONS (16)
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@intake/testing';
import { BENCH_KEY, seed } from '../api/seed';
import {
  REDIS_URL,
  ROUNDS,
  ask,
  clearRedis,
  cpuSeconds,
  forkMeasured,
  machine,
  sleep,
  spread,
  startBuiltApp,
  stop,
  waitFor,
  type LoadRoundResult,
} from '../common';
import { BENCH_MAIL_DIR, BENCH_STORAGE_DIR, createBenchDatabase, productionApiEnv, runBenchmark } from '../harness';
import { type McpRound } from './generator';

const ROOT = join(__dirname, '..', '..', '..');
const INTAKES = Number(process.env['BENCH_INTAKES'] ?? 1000);
const RATE = Number(process.env['BENCH_RATE'] ?? 100);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 16);

interface Round extends LoadRoundResult {
  kind: 'rest' | 'mcp';
  /** CPU milliseconds of the api process per request. */
  apiCpuMs: number;
}

async function main(): Promise<void> {
  const database = await createBenchDatabase(`bench_mcp_${process.pid}`);
  const { url } = database;
  const prefix = `bench-mcp-${process.pid}`;
  const stops: Array<() => Promise<void>> = [];
  try {
    const ids = await seed(url, INTAKES);
    const port = await freePort();
    const api = startBuiltApp(
      process.env['BENCH_API_MAIN'] ?? join(ROOT, 'dist/apps/api/main.js'),
      productionApiEnv(url, {
        DB_POOL_SIZE: '10',
        REDIS_URL,
        REDIS_PREFIX: prefix,
        RATE_LIMIT_MODE: 'observe',
        STORAGE_DIR: BENCH_STORAGE_DIR,
        MAIL_OUTBOX_DIR: BENCH_MAIL_DIR,
      }),
      'PORT',
      port,
    );
    stops.push(() => stop(api));
    stops.push(() => clearRedis(REDIS_URL, prefix));
    const generator = await forkMeasured(join(__dirname, 'generator.ts'));
    stops.push(() => stop(generator));
    const origin = `http://127.0.0.1:${port}`;
    await waitFor(`${origin}/healthz`);

    let next = 0;
    const measure = async (kind: 'rest' | 'mcp', seconds = SECONDS): Promise<Round> => {
      const round: McpRound = {
        origin,
        rate: RATE,
        seconds,
        connections: CONNECTIONS,
        key: BENCH_KEY,
        kind,
        intakeIds: ids,
      };
      const before = cpuSeconds(api.pid ?? 0);
      const reply = await ask<{ result?: LoadRoundResult; error?: string }>(
        generator,
        { type: 'run', id: (next += 1), round },
        'result',
        (seconds + 60) * 1000,
      );
      if (!reply.result) throw new Error(`load generator: ${reply.error}`);
      await sleep(300);
      const cpu = cpuSeconds(api.pid ?? 0) - before;
      return { kind, ...reply.result, apiCpuMs: Math.round((cpu / Math.max(1, reply.result.sent)) * 1e5) / 100 };
    };

    const atStart = machine();
    console.log(
      `${atStart.cores} cores, load average ${atStart.loadAverage.join(' ')}, commit ${atStart.commit}, ${atStart.node}`,
    );
    for (const kind of ['rest', 'mcp'] as const) await measure(kind, 3); // warm-up: JIT, caches, pools
    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const kind of ['rest', 'mcp'] as const) rounds.push(await measure(kind));
    }
    const atEnd = machine();
    console.log(`load average at the end ${atEnd.loadAverage.join(' ')}\n`);
    console.log(summarise(rounds).join('\n'));
    writeFileSync(
      join(__dirname, 'results.json'),
      JSON.stringify(
        {
          machine: { ...atEnd, loadAverageAtStart: atStart.loadAverage },
          intakes: INTAKES,
          rate: RATE,
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

function summarise(rounds: Round[]): string[] {
  const lines = [
    '| call | fixed rate/s | achieved/s (median) | p50 ms (min / median / max) | p99 ms (min / median / max) | p99.9 ms (median) | api CPU ms/request (median) | non-2xx + errors |',
    '|---|---:|---:|---|---|---:|---:|---:|',
  ];
  const medians: Record<string, { p50: number; p99: number; cpu: number }> = {};
  const label = { rest: 'GET /v1/intakes/:id/status', mcp: 'POST /mcp tools/call get_intake_status' };
  for (const kind of ['rest', 'mcp'] as const) {
    const of = rounds.filter((round) => round.kind === kind);
    const [p50, p99, p999, cpu, rps] = [
      spread(of.map((r) => r.p50)),
      spread(of.map((r) => r.p99)),
      spread(of.map((r) => r.p999)),
      spread(of.map((r) => r.apiCpuMs)),
      spread(of.map((r) => r.requestsPerSecond)),
    ];
    medians[kind] = { p50: p50.median, p99: p99.median, cpu: cpu.median };
    const failures = of.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    lines.push(
      `| ${label[kind]} | ${RATE} | ${rps.median} | ${p50.min} / **${p50.median}** / ${p50.max} | ${p99.min} / **${p99.median}** / ${p99.max} | ${p999.median} | ${cpu.median} | ${failures} |`,
    );
  }
  const [rest, mcp] = [medians['rest'], medians['mcp']];
  if (rest && mcp) {
    const round2 = (value: number) => Math.round(value * 100) / 100;
    lines.push(
      '',
      `MCP adds ${round2(mcp.p50 - rest.p50)} ms at p50 (target: under 2 ms), ${round2(mcp.p99 - rest.p99)} ms at p99, ${round2(mcp.cpu - rest.cpu)} ms of api CPU per call.`,
    );
  }
  return lines;
}

runBenchmark(main);
