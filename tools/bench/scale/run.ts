/**
 * Growth benchmark (issue #19): every owner GET of /v1 and the portal's GET, each at a fixed low
 * rate, on one account grown from 10,000 to 100,000 to 1,000,000 intakes (5,000 clients, 20
 * folders, 100,000 audit entries, templates, webhooks and deliveries) beside 10,000 small accounts;
 * POST /v1/intakes p99 at each size, and once without the read-model triggers. Then the plan of
 * every query of every read at the largest size (auto_explain: EXPLAIN ANALYZE with BUFFERS).
 * Prints Markdown tables; writes tools/bench/scale/results.json and tmp/bench-scale-plans.md (the largest size's
 * plans are kept in docs/generated/scale-plans.md).
 *
 *   npm run build && npm run bench:scale
 *   (BENCH_SCALE_SIZES=10000,100000,1000000, BENCH_SCALE_SECONDS=10, BENCH_SCALE_RATE=20,
 *    BENCH_SCALE_ALONE=1 also measures the smallest size before the 10,000 small accounts exist,
 *    BENCH_SCALE_KEEP=1 keeps the seeded database to study its plans, BENCH_SCALE_POST_ROUNDS=3 rounds of
 *    POST per size and per side of the with/without-triggers comparison)
 */
import { closeSync, mkdirSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { BENCH_ACCOUNT, BENCH_KEY } from '../api/seed';
import { machineLoad, sleep, startBuiltApp, stop, waitFor } from '../common';
import { BENCH_MAIL_DIR, BENCH_STORAGE_DIR, createBenchDatabase, productionApiEnv, runBenchmark } from '../harness';
import { openLoop } from '../open-loop';
import { BENCH_SESSION, CLIENTS, growTo, rebuildReadModels, seedBigAccount, seedSmallAccounts } from './seed';

const ROOT = join(__dirname, '..', '..', '..');
const SIZES = (process.env['BENCH_SCALE_SIZES'] ?? '10000,100000,1000000').split(',').map(Number);
const SECONDS = Number(process.env['BENCH_SCALE_SECONDS'] ?? 10);
const RATE = Number(process.env['BENCH_SCALE_RATE'] ?? 20);
const ALONE = process.env['BENCH_SCALE_ALONE'] === '1';
const KEEP = process.env['BENCH_SCALE_KEEP'] === '1';
const POST_RATE = 10;
/** POST /v1/intakes rounds per size, and per side of the with/without-triggers comparison (p99 of 100 requests is noisy). */
const POST_ROUNDS = Number(process.env['BENCH_SCALE_POST_ROUNDS'] ?? 3);
const PORT = 3420;
const BASE = `http://127.0.0.1:${PORT}`;
const POSTGRES_LOG = process.env['BENCH_POSTGRES_LOG'] ?? '/var/log/postgresql/postgresql-15-main.log';

/** Reads whose every request is a broad `q` not asked before: no warm-up, remembered totals forgotten first. */
const FIRST_ASK = 'GET /v1/intakes?q=… (broad, first ask; 2/s)';
const FIRST_ASK_SENT = 'GET /v1/intakes?q=…&status=sent (broad, first ask; 2/s)';
const isFirstAsk = (endpoint: string) => endpoint === FIRST_ASK || endpoint === FIRST_ASK_SENT;

/** Parts of "project " that every project name ("Project 123") contains: 21 broad searches. */
const PROJECT_PARTS = [
  'pro',
  'proj',
  'proje',
  'projec',
  'project',
  'project ',
  'roj',
  'roje',
  'rojec',
  'roject',
].concat(['roject ', 'oje', 'ojec', 'oject', 'oject ', 'jec', 'ject', 'ject ', 'ect', 'ect ', 'ct ']);
const firstAsk = (n: number) => PROJECT_PARTS[n % PROJECT_PARTS.length] as string;

/** Forgets the big account's remembered search totals (migration 1795003700000). */
const forgetTotals = (db: Client) => db.query(`DELETE FROM search_totals WHERE account_id = $1`, [BENCH_ACCOUNT]);

interface Sample {
  intakeIds: string[];
  slugs: string[];
}

/**
 * Every owner GET (and the portal's), each a path made from the n-th request, at RATE unless a
 * third element says otherwise (a read that cannot keep up with RATE would measure its queue).
 */
const READS: ReadonlyArray<readonly [string, (s: Sample, n: number) => string, number?]> = [
  ['GET /v1/intakes/:id/status', (s, n) => `/v1/intakes/${s.intakeIds[n % s.intakeIds.length]}/status`],
  ['GET /v1/intakes/:id', (s, n) => `/v1/intakes/${s.intakeIds[n % s.intakeIds.length]}`],
  ['GET /v1/intakes', () => '/v1/intakes'],
  ['GET /v1/intakes (session)', () => '/v1/intakes'],
  ['GET /v1/intakes?status=sent (session)', () => '/v1/intakes?status=sent'],
  ['GET /v1/intakes?offset=1000', () => '/v1/intakes?offset=1000'],
  ['GET /v1/intakes?offset=10000', () => '/v1/intakes?offset=10000'],
  ['GET /v1/intakes?status=sent', () => '/v1/intakes?status=sent'],
  ['GET /v1/intakes?folder_id=…', () => '/v1/intakes?folder_id=fld_scale7'],
  ['GET /v1/intakes?folder_id=none', () => '/v1/intakes?folder_id=none'],
  ['GET /v1/intakes?client_email=…', (_s, n) => `/v1/intakes?client_email=client${n % CLIENTS}%40example.com`],
  ['GET /v1/intakes?q= (narrow)', (_s, n) => `/v1/intakes?q=client${1000 + (n % 4000)}%40`],
  ['GET /v1/intakes?q=example (broad)', () => '/v1/intakes?q=example'],
  // Every project name contains "project" (one per intake): the total counts every intake, once
  // (the warm-up asks first); from then on a trigger keeps it (search_totals).
  ['GET /v1/intakes?q=project (broad, projects; 2/s)', () => '/v1/intakes?q=project', 2],
  // Each request a broad `q` never asked before: its total counted over the account's intakes.
  [FIRST_ASK, (_s, n) => `/v1/intakes?q=${encodeURIComponent(firstAsk(n))}`, 2],
  [FIRST_ASK_SENT, (_s, n) => `/v1/intakes?q=${encodeURIComponent(firstAsk(n))}&status=sent`, 2],
  // Search with another filter: the total is counted over the filtered matches.
  ['GET /v1/intakes?q= (narrow)&status=sent', (_s, n) => `/v1/intakes?q=client${1000 + (n % 4000)}%40&status=sent`],
  ['GET /v1/intakes?q=example&status=sent', () => '/v1/intakes?q=example&status=sent'],
  ['GET /v1/intakes?q=project&status=sent (2/s)', () => '/v1/intakes?q=project&status=sent', 2],
  ['GET /v1/clients', () => '/v1/clients'],
  ['GET /v1/clients?offset=1000', () => '/v1/clients?offset=1000'],
  ['GET /v1/clients?q= (narrow)', (_s, n) => `/v1/clients?q=client${100 + (n % 400)}`],
  ['GET /v1/clients?q=example (broad)', () => '/v1/clients?q=example'],
  ['GET /v1/clients (session)', () => '/v1/clients'],
  ['GET /v1/folders', () => '/v1/folders'],
  ['GET /v1/templates', () => '/v1/templates'],
  ['GET /v1/audit', () => '/v1/audit'],
  ['GET /v1/audit?action=…', () => '/v1/audit?action=item.approved'],
  ['GET /v1/usage', () => '/v1/usage'],
  ['GET /v1/account', () => '/v1/account'],
  ['GET /v1/keys (session)', () => '/v1/keys'],
  ['GET /v1/webhooks', () => '/v1/webhooks'],
  ['GET /v1/webhooks/:id/deliveries', () => '/v1/webhooks/whk_scale1/deliveries'],
  ['GET /portal/v1/:slug', (s, n) => `/portal/v1/${s.slugs[n % s.slugs.length]}`],
];

interface Figure {
  stage: string;
  endpoint: string;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  load: string;
}

/** The owner's session for session-only reads and those marked so, the admin key for the rest. */
const credentials = (endpoint: string): Record<string, string> =>
  endpoint.includes('session') || endpoint.includes('/v1/keys')
    ? { cookie: `sid=${BENCH_SESSION}` }
    : { authorization: `Bearer ${BENCH_KEY}` };

const ITEMS = [
  { key: 'logo', type: 'image', label: 'Logo' },
  { key: 'about', type: 'longtext', label: 'About you' },
];

/** Requests spread evenly over SECONDS at `rate` per second (open loop, open-loop.ts), on a few connections; p50 and p99. */
async function atFixedRate(
  stage: string,
  endpoint: string,
  rate: number,
  request: (n: number) => { method: 'GET' | 'POST'; path: string; body?: string },
): Promise<Figure> {
  const result = await openLoop({
    origin: BASE,
    connections: 4,
    rate,
    seconds: SECONDS,
    headers: { ...credentials(endpoint), 'content-type': 'application/json' },
    request,
  });
  return {
    stage,
    endpoint,
    p50: result.p50,
    p99: result.p99,
    requests: result.requests,
    non2xx: result.non2xx + result.errors,
    load: machineLoad(),
  };
}

async function sample(db: Client): Promise<Sample> {
  const { rows } = await db.query<{ id: string; slug: string }>(
    `SELECT id, slug FROM intakes TABLESAMPLE SYSTEM (5) WHERE account_id = $1 AND status <> 'draft' LIMIT 500`,
    [BENCH_ACCOUNT],
  );
  return { intakeIds: rows.map((r) => r.id), slugs: rows.map((r) => r.slug) };
}

/** Drafts (`send: false`): invitations are limited to 30 an hour per account; the write is the same. */
const postBody = (n: number) =>
  JSON.stringify({
    send: false,
    project_name: `Bench project ${n}`,
    client: { email: `client${n % CLIENTS}@example.com`, name: `Client ${n % CLIENTS}` },
    items: ITEMS,
  });

async function measure(db: Client, stage: string): Promise<Figure[]> {
  const s = await sample(db);
  const figures: Figure[] = [];
  for (const [endpoint, path, rate] of READS) {
    if (isFirstAsk(endpoint)) await forgetTotals(db);
    // warm-up
    else for (let i = 0; i < 10; i += 1) await fetch(`${BASE}${path(s, i)}`, { headers: credentials(endpoint) });
    const figure = await atFixedRate(stage, endpoint, rate ?? RATE, (n) => ({ method: 'GET', path: path(s, n) }));
    figures.push(figure);
    console.log(
      `${stage} | ${endpoint} | p50 ${figure.p50} | p99 ${figure.p99} | non-2xx ${figure.non2xx} | ${figure.load}`,
    );
  }
  const rounds: Figure[] = [];
  for (let round = 0; round < POST_ROUNDS; round += 1) rounds.push(await postRound(stage, round));
  figures.push(medianRound(rounds));
  return figures;
}

/** One round of POST /v1/intakes at POST_RATE (drafts, distinct projects per round). */
async function postRound(stage: string, round: number): Promise<Figure> {
  const post = await atFixedRate(stage, 'POST /v1/intakes', POST_RATE, (n) => ({
    method: 'POST',
    path: '/v1/intakes',
    body: postBody(round * 100_000 + n),
  }));
  console.log(
    `${stage} | POST /v1/intakes round ${round + 1} | p50 ${post.p50} | p99 ${post.p99} | non-2xx ${post.non2xx} | ${post.load}`,
  );
  return post;
}

/** The round whose p99 is the median, with every round's p99 (ascending). */
function medianRound(rounds: Figure[]): Figure & { p99s: number[] } {
  const sorted = [...rounds].sort((a, b) => a.p99 - b.p99);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] as Figure;
  return { ...median, p99s: sorted.map((r) => r.p99) };
}

const READ_MODEL_TRIGGERS = [
  'client_stats_insert_delete',
  'intake_search_insert_delete',
  'intake_client_texts_insert_delete',
];

/** The log entries (a first line and its tab-indented continuation) of `database` written since `offset`. */
function logEntriesSince(offset: number, database: string): string[] {
  const size = statSync(POSTGRES_LOG).size;
  const buffer = Buffer.alloc(size - offset);
  const fd = openSync(POSTGRES_LOG, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  const entries: string[] = [];
  for (const line of buffer.toString('utf8').split('\n')) {
    if (line.startsWith('\t') && entries.length) entries[entries.length - 1] += `\n${line}`;
    else entries.push(line);
  }
  return entries.filter((e) => e.includes(`@${database} `) && e.includes('plan:'));
}

/** What the database did for one request: its statements' time and buffers (auto_explain). */
interface Work {
  stage: string;
  endpoint: string;
  ms: number;
  buffers: number;
  seqScan: boolean;
}

/**
 * Each read's query plans (auto_explain: EXPLAIN ANALYZE with BUFFERS), one request each after a
 * warm-up, with the api restarted on a database that loads auto_explain. Buffers (shared hits and
 * reads) do not depend on the machine's load: they are the growth measure that a busy machine
 * cannot blur.
 */
async function plans(
  db: Client,
  database: string,
  stage: string,
  start: () => Promise<() => Promise<void>>,
): Promise<{ text: string; work: Work[] }> {
  for (const setting of [
    `session_preload_libraries = 'auto_explain'`,
    `auto_explain.log_min_duration = 0`,
    `auto_explain.log_analyze = on`,
    `auto_explain.log_buffers = on`,
  ]) {
    await db.query(`ALTER DATABASE ${database} SET ${setting}`);
  }
  const stopApi = await start();
  const s = await sample(db);
  const out: string[] = [];
  const work: Work[] = [];
  try {
    for (const [endpoint, path] of READS) {
      const headers = credentials(endpoint);
      await fetch(`${BASE}${path(s, 1)}`, { headers });
      if (isFirstAsk(endpoint)) await forgetTotals(db);
      const offset = statSync(POSTGRES_LOG).size;
      await fetch(`${BASE}${path(s, 2)}`, { headers });
      await sleep(300);
      // The key or session lookup and its last-used stamp come with every request: left out.
      const entries = logEntriesSince(offset, database).filter((e) => !/token_hash|last_used_at/.test(e));
      let ms = 0;
      let buffers = 0;
      for (const entry of entries) {
        ms += Number(/duration: ([\d.]+) ms/.exec(entry)?.[1] ?? 0);
        const top = /Buffers: shared ([^\n]*)/.exec(entry)?.[1] ?? '';
        for (const [, n] of top.matchAll(/(?:hit|read)=(\d+)/g)) buffers += Number(n);
      }
      const seqScan = entries.some((e) =>
        /Seq Scan on (intakes|intake_search|intake_client_texts|client_stats|items|audit_entries|webhook_deliveries)\b/.test(
          e,
        ),
      );
      work.push({ stage, endpoint, ms: Math.round(ms * 100) / 100, buffers, seqScan });
      out.push(
        `### ${endpoint}\n\n\`\`\`\n${entries.map((e) => e.replace(/^.*?LOG: {2}/, '')).join('\n\n')}\n\`\`\`\n`,
      );
    }
  } finally {
    await stopApi();
    await db.query(`ALTER DATABASE ${database} RESET ALL`);
  }
  const scans = work.filter((w) => w.seqScan).map((w) => w.endpoint);
  out.unshift(
    `Plans at ${stage}. Sequential scans over an account's rows: ${scans.length ? scans.join(', ') : 'none'}\n`,
  );
  return { text: out.join('\n'), work };
}

/** Database milliseconds and buffers per read at each stage (from the plans). */
function workTable(work: Work[], stages: string[]): string {
  const lines = [
    `| endpoint | ${stages.map((s) => `${s}: DB ms / buffers`).join(' | ')} |`,
    `|---|${stages.map(() => '---:').join('|')}|`,
  ];
  for (const endpoint of [...new Set(work.map((w) => w.endpoint))]) {
    const cells = stages.map((stage) => {
      const w = work.find((x) => x.endpoint === endpoint && x.stage === stage);
      return w ? `${w.ms} / ${w.buffers}${w.seqScan ? ' (seq scan)' : ''}` : '';
    });
    lines.push(`| ${endpoint} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

function table(figures: Figure[], stages: string[]): string {
  const first = stages.find((s) => !s.includes('alone')) ?? stages[0];
  const last = stages[stages.length - 1];
  const lines = [
    `| endpoint | ${stages.map((s) => `${s} p50 / p99 ms`).join(' | ')} | p99 ${last} ÷ ${first} |`,
    `|---|${stages.map(() => '---:').join('|')}|---:|`,
  ];
  const endpoints = [...new Set(figures.map((f) => f.endpoint))];
  for (const endpoint of endpoints) {
    const of = (stage?: string) => figures.find((f) => f.endpoint === endpoint && f.stage === stage);
    const cells = stages.map((stage) => {
      const f = of(stage);
      return f ? `${f.p50} / ${f.p99}${f.non2xx ? ` (${f.non2xx} non-2xx)` : ''}` : '';
    });
    const [a, b] = [of(first), of(last)];
    lines.push(`| ${endpoint} | ${cells.join(' | ')} | ${a && b && a.p99 > 0 ? (b.p99 / a.p99).toFixed(2) : ''} |`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const database = await createBenchDatabase(`bench_scale_${process.pid}`);
  const { name, url } = database;
  const db = new Client({ connectionString: url });
  const start = async () => {
    const api = startBuiltApp(
      join(ROOT, 'dist/apps/api/main.js'),
      productionApiEnv(url, {
        DB_POOL_SIZE: '10',
        REDIS_PREFIX: `bench-scale-${process.pid}`,
        RATE_LIMIT_MODE: 'observe',
        STORAGE_DIR: BENCH_STORAGE_DIR,
        MAIL_OUTBOX_DIR: BENCH_MAIL_DIR,
      }),
      'PORT',
      PORT,
    );
    await waitFor(`${BASE}/healthz`);
    return () => stop(api);
  };
  let stopApi: (() => Promise<void>) | undefined;
  try {
    await db.connect();
    const timed = async (what: string, work: () => Promise<void>) => {
      const started = Date.now();
      await work();
      console.log(`${what} in ${((Date.now() - started) / 1000).toFixed(1)} s (${machineLoad()})`);
    };
    await timed('seeded the big account without intakes', () => seedBigAccount(db));
    const figures: Figure[] = [];
    const stages: string[] = [];
    const work: Work[] = [];
    const planTexts: string[] = [];
    stopApi = await start();
    let size = 0;
    for (const [index, next] of SIZES.entries()) {
      await timed(`grew to ${next} intakes`, () => growTo(db, size, next));
      size = next;
      const stage = async (label: string) => {
        stages.push(label);
        figures.push(...(await measure(db, label)));
        await stopApi?.();
        const planned = await plans(db, name, label, start);
        work.push(...planned.work);
        planTexts.push(planned.text);
        console.log(planned.text.split('\n')[0]);
        stopApi = await start();
      };
      if (index === 0 && ALONE) await stage(`${next} alone`);
      if (index === 0) {
        await timed('seeded 10,000 small accounts', async () => {
          await seedSmallAccounts(db);
          await rebuildReadModels(db);
        });
      }
      await stage(String(next));
    }
    // What the read-model triggers cost a write: the same POST at the largest size, in rounds
    // alternating without and with them.
    const sides = { without: [] as Figure[], with: [] as Figure[] };
    for (let round = 0; round < POST_ROUNDS; round += 1) {
      for (const trigger of READ_MODEL_TRIGGERS) await db.query(`ALTER TABLE intakes DISABLE TRIGGER ${trigger}`);
      sides.without.push(await postRound(`${size} without read-model triggers`, 10 + round));
      for (const trigger of READ_MODEL_TRIGGERS) await db.query(`ALTER TABLE intakes ENABLE TRIGGER ${trigger}`);
      sides.with.push(await postRound(`${size} with read-model triggers`, 20 + round));
    }
    const bare = medianRound(sides.without);
    const kept = medianRound(sides.with);
    await stopApi();
    stopApi = undefined;

    console.log(`\n${table(figures, stages)}\n`);
    console.log(`${workTable(work, stages)}\n`);
    for (const stage of stages) {
      const post = figures.find((f) => f.stage === stage && f.endpoint === 'POST /v1/intakes') as
        | (Figure & { p99s?: number[] })
        | undefined;
      console.log(`POST /v1/intakes at ${stage}: p99 of ${POST_ROUNDS} rounds ${post?.p99s?.join(' / ')} ms`);
    }
    console.log(
      `POST /v1/intakes at ${size}, alternating rounds: without the read-model triggers p50 ${bare.p50} ms, p99 ${bare.p99s.join(' / ')} ms; with them p50 ${kept.p50} ms, p99 ${kept.p99s.join(' / ')} ms`,
    );
    mkdirSync(join(ROOT, 'tmp'), { recursive: true });
    writeFileSync(
      join(__dirname, 'results.json'),
      JSON.stringify(
        {
          sizes: SIZES,
          seconds: SECONDS,
          rate: RATE,
          figures,
          work,
          withoutTriggers: sides.without,
          withTriggers: sides.with,
        },
        null,
        2,
      ),
    );
    writeFileSync(join(ROOT, 'tmp', 'bench-scale-plans.md'), planTexts.join('\n'));
  } finally {
    await stopApi?.();
    await db.end().catch(() => undefined);
    if (KEEP) console.log(`kept the database ${name} (BENCH_SCALE_KEEP=1)`);
    await database.close(KEEP);
  }
}

runBenchmark(main);
