/** What the benchmarks share. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { request } from 'node:http';
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

/** The api's V8 flags in production (docker/Dockerfile.api, npm start); BENCH_NODE_FLAGS overrides. */
export const API_NODE_FLAGS = '--max-semi-space-size=4';

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
 * A built app (`main`) in a process of its own, its port in `portVariable`; with BENCH_PROFILE a
 * V8 CPU profile is written there, BENCH_NODE_FLAGS go to node.
 */
export function startBuiltApp(
  main: string,
  env: Record<string, string>,
  portVariable: string,
  port: number,
): ChildProcess {
  const profile = process.env['BENCH_PROFILE'] ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_PROFILE']}`] : [];
  const flags = (process.env['BENCH_NODE_FLAGS'] ?? '').split(' ').filter(Boolean);
  return spawn(process.execPath, [...profile, ...flags, main], {
    env: { ...process.env, ...env, [portVariable]: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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
