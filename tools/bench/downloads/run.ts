/**
 * Download benchmark (the target in docs/benchmarks.md, "Downloads": "a 1 GiB … download keeps the process under 200 MB RSS,
 * at a throughput near a plain file copy's"): the built api on a local storage directory, one
 * intake holding BENCH_DOWNLOAD_MIB (default 1024) MiB in BENCH_DOWNLOAD_FILES (default 8) uploads,
 * then BENCH_ROUNDS (default 3) alternating rounds of
 *   - the ZIP: `curl` (a process of its own) GETs /v1/intakes/:id/download into a file, while the
 *     api's RSS is read from /proc every 50 ms;
 *   - a plain copy: `cat` (a process of its own) copies the same stored files into one file,
 * both writing to the same disk. Prints min/median/max of each, the api's peak RSS, the load
 * average and the cores next to them, and writes tools/bench/downloads/results.json. The first
 * ZIP is checked with `unzip -t` (every entry's CRC).
 *
 *   npm run build && npm run bench:downloads     (BENCH_DOWNLOAD_MIB, BENCH_DOWNLOAD_FILES, BENCH_ROUNDS)
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { BENCH_KEY, seedAccount } from '../api/seed';
import { API_NODE_FLAGS, pick, ROUNDS, rssMiB, startBuiltApp, stop, streamUpload, waitFor } from '../common';
import { createBenchDatabase, productionApiEnv, runBenchmark } from '../harness';

const ROOT = join(__dirname, '..', '..', '..');
const MIB = 1024 * 1024;
const TOTAL_MIB = Number(process.env['BENCH_DOWNLOAD_MIB'] ?? 1024);
const FILES = Number(process.env['BENCH_DOWNLOAD_FILES'] ?? 8);
const PORT = 3430;
const BASE = `http://127.0.0.1:${PORT}`;
const WORK = join(ROOT, 'tmp', 'bench-downloads');
const STORAGE = join(WORK, 'storage');

const run = promisify(execFile);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Wall-clock seconds of a child process from spawn to exit; rejects on a non-zero exit. */
function timed(command: string, args: string[], onStart?: () => void): Promise<{ seconds: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    onStart?.();
    child.on('error', reject);
    child.on('exit', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code === 0) resolve({ seconds, stdout });
      else reject(new Error(`${command} exited with ${code}`));
    });
  });
}

async function main(): Promise<void> {
  process.env['BENCH_NODE_FLAGS'] ??= API_NODE_FLAGS;
  const database = await createBenchDatabase(`bench_downloads_${process.pid}`);
  const { url } = database;
  const db = new Client({ connectionString: url });
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  let api: ReturnType<typeof startBuiltApp> | undefined;
  try {
    await db.connect();
    await seedAccount(db);
    api = startBuiltApp(
      join(ROOT, 'dist/apps/api/main.js'),
      // The uploads are marked clean below: clamd is never asked.
      productionApiEnv(url, {
        REDIS_PREFIX: `bench-downloads-${process.pid}`,
        MAIL_OUTBOX_DIR: join(WORK, 'mail'),
        STORAGE_DRIVER: 'fs',
        STORAGE_DIR: STORAGE,
        DOWNLOAD_MAX_BYTES: String(4 * 1024 * MIB),
      }),
      'PORT',
      PORT,
    );
    await waitFor(`${BASE}/healthz`);
    const pid = api.pid as number;
    const idle = rssMiB(pid);

    const created = await fetch(`${BASE}/v1/intakes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BENCH_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        project_name: 'Download benchmark',
        client: { email: 'bench@example.com', name: 'Bench' },
        items: [
          {
            key: 'archive',
            type: 'file_list',
            label: 'Archive',
            constraints: { max_count: FILES, max_bytes: 2 * 1024 * MIB },
          },
        ],
      }),
    });
    if (created.status !== 201) throw new Error(`POST /v1/intakes: ${created.status} ${await created.text()}`);
    const body = (await created.json()) as { intake_id: string; portal_url: string };
    const slug = body.portal_url.split('/').pop();
    const perFile = Math.floor(TOTAL_MIB / FILES);
    for (let n = 0; n < FILES; n += 1) {
      const sent = await streamUpload(`${BASE}/portal/v1/${slug}/items/archive/files`, perFile, {
        filename: `part-${n}.bin`,
        seed: n,
      });
      if (sent.status !== 201) throw new Error(`upload ${n}: ${sent.status} ${sent.body}`);
    }
    // The scans are only queued (no clamd here): mark the uploads clean so the ZIP holds them.
    await db.query(`UPDATE files SET av_status = 'clean', scanned_at = now() WHERE intake_id = $1`, [body.intake_id]);
    const stored = await db.query<{ storage_key: string; size: string }>(
      `SELECT storage_key, size FROM files WHERE intake_id = $1 ORDER BY created_at`,
      [body.intake_id],
    );
    const paths = stored.rows.map((r) => join(STORAGE, r.storage_key));
    const bytes = stored.rows.reduce((sum, r) => sum + Number(r.size), 0);

    const zipFile = join(WORK, 'download.zip');
    const copyFile = join(WORK, 'copy.bin');
    const zipSeconds: number[] = [];
    const copySeconds: number[] = [];
    const loads: string[] = [];
    let peak = 0;
    const baseline = rssMiB(pid);
    let zipBytes = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      loads.push(load());
      let sampler: NodeJS.Timeout | undefined;
      const zip = await timed(
        'curl',
        [
          '-sS',
          '-o',
          zipFile,
          '-w',
          '%{http_code}',
          '-H',
          `authorization: Bearer ${BENCH_KEY}`,
          `${BASE}/v1/intakes/${body.intake_id}/download`,
        ],
        () => (sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 50)),
      );
      clearInterval(sampler);
      peak = Math.max(peak, rssMiB(pid));
      if (zip.stdout !== '200') throw new Error(`download: HTTP ${zip.stdout}`);
      zipBytes = statSync(zipFile).size;
      if (round === 0) await run('unzip', ['-tq', zipFile], { maxBuffer: 16 * MIB });
      zipSeconds.push(zip.seconds);
      rmSync(zipFile);

      const copy = await timed('sh', ['-c', 'cat "$@" > "$0"', copyFile, ...paths]);
      if (statSync(copyFile).size !== bytes) throw new Error('the copy is short');
      copySeconds.push(copy.seconds);
      rmSync(copyFile);
    }

    const mibs = (seconds: number, size: number) => Math.round(size / MIB / seconds);
    const row = (what: string, seconds: number[], size: number) =>
      `| ${what} | ${(size / MIB).toFixed(0)} MiB | ${['min', 'median', 'max']
        .map((at) => pick(seconds, at as 'min').toFixed(2))
        .join(' / ')} | ${mibs(pick(seconds, 'median'), size)} |`;
    const lines = [
      `Downloads: ${FILES} uploads, ${(bytes / MIB).toFixed(0)} MiB in all; ${ROUNDS} rounds, ${cpus().length} cores, load average before each round: ${loads.join('; ')}`,
      '',
      '| what | bytes | seconds min / median / max | MiB/s (median) |',
      '|---|---:|---:|---:|',
      row('GET …/download (ZIP, curl to a file)', zipSeconds, zipBytes),
      row('plain copy (cat of the stored files to a file)', copySeconds, bytes),
      '',
      `api RSS: ${Math.round(idle)} MiB idle after start, ${Math.round(baseline)} MiB after the uploads, ${Math.round(peak)} MiB peak during the downloads (200 MB = 190.7 MiB)`,
    ];
    console.log(lines.join('\n'));
    writeFileSync(
      join(__dirname, 'results.json'),
      JSON.stringify(
        {
          files: FILES,
          bytes,
          zipBytes,
          zipSeconds,
          copySeconds,
          idleRssMiB: idle,
          baselineRssMiB: baseline,
          peakRssMiB: peak,
          loads,
          cores: cpus().length,
        },
        null,
        2,
      ),
    );
  } finally {
    if (api) await stop(api);
    await db.end().catch(() => undefined);
    await database.close();
    rmSync(WORK, { recursive: true, force: true });
  }
}

runBenchmark(main);
