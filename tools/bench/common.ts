/** What the benchmarks share. */
import { type ChildProcess, execSync, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import Redis from 'ioredis';
import { type Client } from 'pg';

/** Resolves once `url` answers 2xx; fails after 30 s. */
export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never answered`);
}

/**
 * The api's V8 flags in production (docker/Dockerfile.api, npm start, the Kubernetes manifest);
 * BENCH_NODE_FLAGS overrides. A 4 MiB young generation keeps the idle heap small, and a fixed
 * heap growing factor of 1.3 (instead of V8's up to 4x) keeps the garbage promoted under load
 * from piling up before a full collection (issue #15: RSS at 64 connections).
 */
export const API_NODE_FLAGS = '--max-semi-space-size=4 --heap-growing-percent=30';
/**
 * The environment every measured process gets (same on both sides), as the api's image sets it:
 * glibc hands allocations of 64 KiB and more (request and file chunks) straight back to the
 * system when they are freed, instead of keeping them in its arenas.
 */
export const PRODUCTION_ENV: Record<string, string> = { MALLOC_MMAP_THRESHOLD_: '65536' };
/** The scheduler's and the dispatcher's: none (docker/Dockerfile.scheduler, Dockerfile.webhook-dispatcher). */
export const WORKER_NODE_FLAGS = '';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The URL of database `name` on the server of `adminUrl`. */
export const databaseUrl = (adminUrl: string, name: string) =>
  Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

/** user + system CPU seconds of a process, from /proc (`part` for one of them). */
export function cpuSeconds(pid: number, part: 'both' | 'system' = 'both'): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((part === 'both' ? Number(fields[11]) : 0) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of the PostgreSQL backends serving one database, by pid (other databases on the
 * server, other people's tests among them, are left out; so are the shared background writers).
 */
export async function backendCpu(admin: Client, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
    database,
  ]);
  return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
}

/** CPU the backends of a database used between two readings (a backend started meanwhile counts whole). */
export function backendCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Busy CPU seconds of the whole machine, from /proc/stat. */
export function machineCpu(): number {
  const [, user, nice, system, , , irq, softirq, steal] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .split(/\s+/)
    .map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / 100;
}

/** SIGTERM, resolved once the process has exited. */
export const stop = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve()
      : (child.once('exit', () => resolve()), child.kill('SIGTERM')),
  );

/** Deletes every Redis key under `prefix:`. */
export async function clearRedis(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Polls `probe` until it gives a value; fails after `timeoutMs`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** The smallest, middle or largest of some figures. */
export const pick = (values: number[], at: 'min' | 'median' | 'max'): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const index = at === 'min' ? 0 : at === 'max' ? sorted.length - 1 : Math.floor(sorted.length / 2);
  return sorted[index] ?? NaN;
};

/** Where the benchmarks find PostgreSQL (an admin connection) and Redis. */
export const ADMIN_URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
/** Rounds per run (BENCH_ROUNDS) and the pool of each app process (BENCH_DB_POOL). */
export const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
export const POOL = Number(process.env['BENCH_DB_POOL'] ?? 10);

/**
 * The node flags of every process a benchmark measures (apps, bare baselines, load generator), so
 * no side runs with a different heap: the production V8 flags of the app measured (`production`:
 * the api's by default; the scheduler and the dispatcher run with none, as their Dockerfiles and
 * npm scripts do), or BENCH_NODE_FLAGS; the statement counter preloaded; with BENCH_PROFILE a V8
 * CPU profile written into that folder.
 */
export function measuredNodeFlags(production = API_NODE_FLAGS): string[] {
  const profile = process.env['BENCH_PROFILE'] ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_PROFILE']}`] : [];
  const flags = (process.env['BENCH_NODE_FLAGS'] ?? production).split(' ').filter(Boolean);
  return [...profile, ...flags, '-r', join(__dirname, 'count-queries.js')];
}

/**
 * A built app (`main`) in a process of its own with the measured flags (`production`: the app's own
 * production V8 flags), its port in `portVariable`.
 */
export function startBuiltApp(
  main: string,
  env: Record<string, string>,
  portVariable: string,
  port: number,
  production = API_NODE_FLAGS,
): ChildProcess {
  return spawn(process.execPath, [...measuredNodeFlags(production), main], {
    env: {
      ...(production === API_NODE_FLAGS ? PRODUCTION_ENV : {}),
      ...process.env,
      ...env,
      [portVariable]: String(port),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

/**
 * A TypeScript script of tools/bench forked in a process of its own with the measured flags (and
 * the TypeScript loader the benchmark itself runs under); it says `{ type: 'ready' }` when it is.
 */
export async function forkMeasured(script: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = fork(script, [], {
    execArgv: ['-r', '@swc-node/register', ...measuredNodeFlags()],
    env: { ...PRODUCTION_ENV, ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
    const listener = (message: { type?: string }) => {
      if (message?.type !== 'ready') return;
      child.off('message', listener);
      resolve();
    };
    child.on('message', listener);
  });
  return child;
}

/** Sends `message` to a child and resolves with its first answer of type `answer`. */
export function ask<T>(child: ChildProcess, message: object, answer: string, timeoutMs = 120_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${answer} answer`)), timeoutMs);
    const listener = (reply: { type?: string }) => {
      if (reply?.type !== answer) return;
      clearTimeout(timer);
      child.off('message', listener);
      resolve(reply as T);
    };
    child.on('message', listener);
    child.send(message);
  });
}

/** The SQL statements a measured process has sent so far (count-queries.js). */
export const queriesSent = async (child: ChildProcess): Promise<number> =>
  (await ask<{ count: number }>(child, { type: 'bench:queries' }, 'bench:queries', 5_000)).count;

/** What a benchmark prints and records about the machine it ran on. */
export function machine(): { cores: number; loadAverage: number[]; commit: string; node: string } {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    if (execSync('git status --porcelain --untracked-files=no', { encoding: 'utf8' }).trim()) commit += '+changes';
  } catch {
    // not a checkout
  }
  return {
    cores: cpus().length,
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
    commit,
    node: process.version,
  };
}

/** min / median / max of some figures. */
export const spread = (values: number[]) => ({
  min: pick(values, 'min'),
  median: pick(values, 'median'),
  max: pick(values, 'max'),
});

/** One round of load: GET `paths` in turn against `url`, at saturation, or at `rate` requests/s overall. */
export interface LoadRound {
  url: string;
  paths: string[];
  connections: number;
  seconds: number;
  rate?: number;
  headers?: Record<string, string>;
}

export interface LoadRoundResult {
  /** Answered, and sent (the difference was in flight when the round ended). */
  requests: number;
  sent: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  p999: number;
  non2xx: number;
  errors: number;
}

/** The load generator (load-generator.ts) in its own process; `run` drives one round. */
export async function startLoadGenerator(): Promise<{
  pid: number;
  run: (round: LoadRound) => Promise<LoadRoundResult>;
  stop: () => Promise<void>;
}> {
  const child = await forkMeasured(join(__dirname, 'load-generator.ts'));
  let next = 0;
  return {
    pid: child.pid ?? 0,
    run: async (round) => {
      const id = (next += 1);
      const reply = await ask<{ id: number; result?: LoadRoundResult; error?: string }>(
        child,
        { type: 'run', id, round },
        'result',
        (round.seconds + 60) * 1000,
      );
      if (!reply.result) throw new Error(`load generator: ${reply.error}`);
      return reply.result;
    },
    stop: () => stop(child),
  };
}

/** A process's resident set size in MiB, from /proc. */
export const rssMiB = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
};

const MIB = 1024 * 1024;

/**
 * Streams one multipart/form-data upload (field `file`) of `mib` MiB of generated bytes to `url`,
 * honouring back-pressure; `seed` varies the bytes (files of one run differ).
 */
export function streamUpload(
  url: string,
  mib: number,
  { filename = 'big.bin', seed = 0 }: { filename?: string; seed?: number } = {},
): Promise<{ status: number; body: string }> {
  const boundary = '----intakebench';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(MIB);
  for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE(((i + seed) * 2654435761) >>> 0, i);
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + mib * MIB + tail.length),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    let sent = 0;
    const pump = (): void => {
      while (sent < mib) {
        sent += 1;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    req.write(head);
    pump();
  });
}

/** The machine's load next to a figure: `load 1.23 / 1.50 / 1.80 on 2 cores` (1, 5, 15 minutes). */
export function machineLoad(): string {
  return `load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ')} on ${cpus().length} cores`;
}
