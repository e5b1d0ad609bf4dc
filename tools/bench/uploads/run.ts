/**
 * Upload benchmark (the target in docs/benchmarks.md, "Uploads": "a 1 GiB upload keeps the process under 200 MB RSS"):
 * the built api, a file item that takes 2 GiB, and one multipart upload of BENCH_UPLOAD_MIB
 * (default 1024) MiB through POST /portal/v1/:slug/items/:key/files, generated on the fly. The api
 * process's RSS is read from /proc every 50 ms; peak and baseline are reported per storage
 * driver (a local directory, and S3 through an S3-compatible server on loopback). Prints a
 * Markdown table and writes tools/bench/uploads/results.json.
 *
 *   npm run build && npm run bench:uploads          (BENCH_UPLOAD_MIB, BENCH_DRIVERS=fs,s3, BENCH_NODE_FLAGS)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { S3Server } from '@intake/testing';
import { BENCH_KEY, seedAccount } from '../api/seed';
import { API_NODE_FLAGS, PRODUCTION_ENV, rssMiB, streamUpload, waitFor } from '../common';
import { BENCH_MAIL_DIR, createBenchDatabase, productionApiEnv, runBenchmark } from '../harness';

const ROOT = join(__dirname, '..', '..', '..');
const MIB = 1024 * 1024;
const UPLOAD_MIB = Number(process.env['BENCH_UPLOAD_MIB'] ?? 1024);
const DRIVERS = (process.env['BENCH_DRIVERS'] ?? 'fs,s3').split(',');
const PORT = 3420;
const BASE = `http://127.0.0.1:${PORT}`;

interface Result {
  driver: string;
  uploadMiB: number;
  status: number;
  seconds: number;
  mibPerSecond: number;
  baselineRssMiB: number;
  peakRssMiB: number;
  storedBytes: number;
}

async function startApi(env: Record<string, string>): Promise<ChildProcess> {
  const flags = (process.env['BENCH_NODE_FLAGS'] ?? API_NODE_FLAGS).split(' ').filter(Boolean);
  const api = spawn(process.execPath, [...flags, join(ROOT, 'dist/apps/api/main.js')], {
    env: { ...PRODUCTION_ENV, ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${BASE}/healthz`);
  return api;
}

async function stopApi(api: ChildProcess): Promise<void> {
  if (api.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    api.once('exit', () => resolve());
    api.kill('SIGTERM');
  });
}

async function run(driver: string, databaseUrl: string, db: Client): Promise<Result> {
  const storageDir = join(ROOT, 'tmp', 'bench-upload-storage');
  const s3 = driver === 's3' ? await new S3Server(['bench']).start() : undefined;
  const s3Env: Record<string, string> = s3
    ? {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.settings('bench').endpoint,
        S3_REGION: 'us-east-1',
        S3_BUCKET: 'bench',
        S3_ACCESS_KEY: 'S3RVER',
        S3_SECRET_KEY: 'S3RVER',
        S3_PATH_STYLE: 'true',
      }
    : { STORAGE_DRIVER: 'fs', STORAGE_DIR: storageDir };
  const api = await startApi(
    productionApiEnv(databaseUrl, {
      PORT: String(PORT),
      REDIS_PREFIX: `bench-uploads-${process.pid}`,
      MAIL_OUTBOX_DIR: BENCH_MAIL_DIR,
      ...s3Env,
    }),
  );
  try {
    const created = await fetch(`${BASE}/v1/intakes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BENCH_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        project_name: 'Upload benchmark',
        client: { email: 'bench@example.com', name: 'Bench' },
        items: [{ key: 'archive', type: 'file', label: 'Archive', constraints: { max_bytes: 2 * 1024 * MIB } }],
      }),
    });
    if (created.status !== 201) throw new Error(`POST /v1/intakes: ${created.status} ${await created.text()}`);
    const slug = ((await created.json()) as { portal_url: string }).portal_url.split('/').pop();

    await new Promise((r) => setTimeout(r, 1000));
    const baseline = rssMiB(api.pid!);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(api.pid!))), 50);
    const started = process.hrtime.bigint();
    const response = await streamUpload(`${BASE}/portal/v1/${slug}/items/archive/files`, UPLOAD_MIB);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    clearInterval(sampler);
    peak = Math.max(peak, rssMiB(api.pid!));
    if (response.status !== 201) throw new Error(`upload: ${response.status} ${response.body}`);
    const stored = await db.query(`SELECT size::float8 AS size FROM files ORDER BY created_at DESC LIMIT 1`);
    return {
      driver,
      uploadMiB: UPLOAD_MIB,
      status: response.status,
      seconds: Math.round(seconds * 10) / 10,
      mibPerSecond: Math.round(UPLOAD_MIB / seconds),
      baselineRssMiB: Math.round(baseline),
      peakRssMiB: Math.round(peak),
      storedBytes: Number(stored.rows[0]?.size ?? 0),
    };
  } finally {
    await stopApi(api);
    await s3?.stop();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const database = await createBenchDatabase(`bench_uploads_${process.pid}`);
  const { url } = database;
  const db = new Client({ connectionString: url });
  try {
    await db.connect();
    await seedAccount(db);
    const results: Result[] = [];
    for (const driver of DRIVERS) results.push(await run(driver, url, db));
    const lines = [
      `| storage | upload | status | seconds | MiB/s | api RSS before | api RSS peak | stored bytes |`,
      `|---|---:|---:|---:|---:|---:|---:|---:|`,
      ...results.map(
        (r) =>
          `| ${r.driver} | ${r.uploadMiB} MiB | ${r.status} | ${r.seconds} | ${r.mibPerSecond} | ${r.baselineRssMiB} MiB | ${r.peakRssMiB} MiB | ${r.storedBytes} |`,
      ),
    ];
    console.log(lines.join('\n'));
    writeFileSync(join(__dirname, 'results.json'), JSON.stringify({ results }, null, 2));
  } finally {
    await db.end().catch(() => undefined);
    await database.close();
  }
}

runBenchmark(main);
