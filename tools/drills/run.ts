/**
 * Crash and outage drills under load (issue #28): the three built apps in processes of their own,
 * PostgreSQL and Redis reached through loopback TCP proxies, a steady mixed load (load.ts), an
 * SMTP sink and a webhook receiver (the benchmarks' own, in their own processes). In turn: kill -9
 * the api, the scheduler and the dispatcher (each restarted at once on its port), cut PostgreSQL,
 * then Redis (every connection dropped, new ones refused; the servers themselves are never
 * touched). Then the unacknowledged creates are replayed with their Idempotency-Keys, the
 * backlog drains, and everything is reconciled against the database, the sink and the receiver.
 * Prints a table per drill and writes tmp/drills/results-<full|short>.json; exit 1 when a check
 * fails. See docs/reliability.md, "Crash and outage drills".
 *
 *   npm run build && npm run drills            (4 minutes, up to 9 when the 5-minute chase lease is waited out)
 *   npm run build && npm run drills -- --short (about 2 minutes: 3 s cuts; .ci/run)
 *     DRILL_RATE (requests/s), DATABASE_URL (admin connection), REDIS_URL
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { CHASE_LEASE_MS } from '@intake/application-chasing';
import { WEBHOOK_EVENTS } from '@intake/domain-webhooks';
import { migrateDatabase } from '@intake/postgres';
import { AesGcmSecretBox } from '@intake/secret-box';
import { clearRedisPrefix, freePort, seedDueReminders, TcpProxy } from '@intake/testing';
import {
  ADMIN_URL,
  API_NODE_FLAGS,
  databaseUrl,
  machine,
  machineLoad,
  PRODUCTION_ENV,
  REDIS_URL,
  sleep,
} from '../bench/common';
import { type DrillRequest, type LoadConfig } from './load';

const ROOT = join(__dirname, '..', '..');
const SHORT = process.argv.includes('--short');
const MODE = SHORT ? 'short' : 'full';
const OUT = join(ROOT, 'tmp', 'drills');
const WORK = join(OUT, MODE);

/** Seconds of each part; the load runs through all of them at RATE requests/s. */
const TIMES = SHORT
  ? { warmUp: 8, afterKill: 8, cut: 3, afterCut: 8, coolDown: 5, drainS: 120 }
  : { warmUp: 20, afterKill: 20, cut: 10, afterCut: 20, coolDown: 10, drainS: 150 };
const RATE = Number(process.env['DRILL_RATE'] ?? (SHORT ? 20 : 25));
/** Accounts of the load (30 invitations per account and hour; agency plan: 3,000 requests). */
const ACCOUNTS = 100;
/** Seeded reminders, made due `DUE_PER_SECOND` at a time during the load. */
const DUE_PER_SECOND = 2;
const REMINDERS = 1_000;
const NOT_YET = new Date('2100-01-01T00:00:00Z');

type AppName = 'api' | 'scheduler' | 'webhook-dispatcher';
const MAIN: Record<AppName, string> = {
  api: join(ROOT, 'dist/apps/api/main.js'),
  scheduler: join(ROOT, 'dist/apps/scheduler/main.js'),
  'webhook-dispatcher': join(ROOT, 'dist/apps/webhook-dispatcher/main.js'),
};
const PORT_VARIABLE: Record<AppName, string> = {
  api: 'PORT',
  scheduler: 'SCHEDULER_PORT',
  'webhook-dispatcher': 'DISPATCHER_PORT',
};

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
}

interface Phase {
  name: string;
  kind: 'steady' | 'kill' | 'postgres' | 'redis';
  start: number;
  end: number;
  /** When the disruption began and ended (kill → restarted process ready; cut → restore). */
  from?: number;
  to?: number;
  /** Chases still leased at the end of the phase by a claim taken before the disruption ended. */
  stranded: string[];
}

interface Disruption {
  from: number;
  to: number;
  /** The process a kill ended. */
  deadPid?: number;
}

interface PhaseFigures {
  drill: string;
  requests: number;
  acknowledged: number;
  byStatus: Record<string, number>;
  maxLatencyMs: number;
  /** From the disruption's end (restart ready, restore) to the answer of the last failed request. */
  recoveryMs: number | null;
  /** kill: from SIGKILL until the restarted process answered /readyz. */
  restartMs: number | null;
  lostWrites: number;
  lostDeliveries: number;
  duplicateReminders: number;
  /** Requests that broke the drill's rule (PostgreSQL: only 503 with Retry-After; Redis: no 5xx, no error). */
  violations: number;
}

const children = new Set<ChildProcess>();
const cleanups: Array<() => Promise<unknown>> = [];
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => console.error('cleanup:', error));
  })();
  return cleaning;
}

function spawnApp(app: AppName, port: number, env: Record<string, string>): Running {
  const log = openSync(join(WORK, `${app}.log`), 'a');
  const child = spawn(process.execPath, [...(app === 'api' ? API_NODE_FLAGS.split(' ') : []), MAIN[app]], {
    cwd: ROOT,
    env: {
      ...(app === 'api' ? PRODUCTION_ENV : {}),
      PATH: process.env['PATH'] ?? '',
      ...env,
      [PORT_VARIABLE[app]]: String(port),
    },
    stdio: ['ignore', log, log],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => (children.delete(child), resolve())));
  return { child, exited };
}

async function ready(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`127.0.0.1:${port}/readyz never answered 200`);
    await sleep(100);
  }
}

/** A benchmark helper process (sink, receiver) that says `ready` with its port; asked things over IPC. */
async function helper(script: string): Promise<{ port: number; ask: <T>(type: string) => Promise<T> }> {
  const child = fork(script, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: ['-r', '@swc-node/register'],
  });
  children.add(child);
  cleanups.push(async () => child.connected && child.disconnect());
  // Without its sink or receiver the drill would wait for answers that never come: end it.
  child.once('exit', (code) => {
    if (cleaning) return;
    console.error(`drills: ${script} exited (${code}) during the run`);
    process.exitCode = 1;
    void cleanup().then(() => process.exit(1));
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (message: { port: number }) => resolve(message.port));
  });
  const ask = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const listener = (reply: { type: string }) => {
        if (reply.type !== type) return;
        child.off('message', listener);
        resolve(reply as T);
      };
      child.on('message', listener);
      child.send({ type });
    });
  return { port, ask };
}

/** `count` agency accounts, each with an admin key and a webhook endpoint subscribed to every event. */
async function seed(db: Client, receiverPort: number, secretsKey: Buffer): Promise<string[]> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const keys = Array.from(
    { length: ACCOUNTS },
    () => `svc_live_${Array.from({ length: 43 }, () => alphabet[randomInt(alphabet.length)]).join('')}`,
  );
  const accounts = keys.map((_, n) => `acc_load${String(n).padStart(18, '0')}`);
  await db.query(
    `INSERT INTO accounts (id, name, plan, created_at, updated_at)
     SELECT id, 'Drill ' || id, 'agency', now(), now() FROM unnest($1::text[]) id`,
    [accounts],
  );
  await db.query(
    `INSERT INTO api_keys (id, account_id, name, mode, scopes, token_hash, prefix, last4, created_at)
     SELECT 'key_load' || lpad(n::text, 13, '0'), ($1::text[])[n], 'drill', 'live', '{admin}', ($2::bytea[])[n], 'svc_live_', right(($3::text[])[n], 4), now()
       FROM generate_series(1, $4::int) n`,
    [accounts, keys.map((k) => createHash('sha256').update(k).digest()), keys, ACCOUNTS],
  );
  const sealed = new AesGcmSecretBox({ current: { id: 'drill', key: secretsKey }, previous: [] }).seal(
    `whsec_${randomBytes(32).toString('base64url')}`,
  );
  await db.query(
    `INSERT INTO webhook_endpoints (id, account_id, mode, url, events, format, secret_sealed, created_at)
     SELECT 'whe_load' || lpad(n::text, 13, '0'), ($1::text[])[n], 'live', $2 || n, $3, 'raw', $4, now()
       FROM generate_series(1, $5::int) n`,
    [accounts, `http://127.0.0.1:${receiverPort}/hooks/`, [...WEBHOOK_EVENTS], sealed, ACCOUNTS],
  );
  return keys;
}

const isAck = (r: DrillRequest) => r.status !== undefined && r.status >= 200 && r.status <= 299;
const outcomeOf = (r: DrillRequest) => (r.status === undefined ? 'error' : String(r.status));

async function main(): Promise<void> {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const name = `test_drills_${randomBytes(6).toString('hex')}`;
  const prefix = `test-drills-${process.pid}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = databaseUrl(ADMIN_URL, name);
  cleanups.push(() => clearRedisPrefix(prefix, REDIS_URL));
  await migrateDatabase({ url, poolSize: 2 });
  /** The drill's own way into the database: never through the proxy, never cut. */
  const db = new Client({ connectionString: url });
  await db.connect();
  cleanups.push(() => db.end());

  const sink = await helper(join(__dirname, '../bench/scheduler/smtp-sink.ts'));
  const receiver = await helper(join(__dirname, '../bench/webhooks/receiver.ts'));
  const secretsKey = randomBytes(32);
  const keys = await seed(db, receiver.port, secretsKey);
  await seedDueReminders(url, {
    count: REMINDERS,
    invitedAt: new Date(Date.now() - 3 * 24 * 3600_000),
    remindAt: NOT_YET,
    accounts: 20,
    tag: 'drill',
  });

  const pgTarget = new URL(ADMIN_URL);
  const redisTarget = new URL(REDIS_URL);
  const pgProxy = await new TcpProxy(pgTarget.hostname, Number(pgTarget.port || 5432)).start();
  const redisProxy = await new TcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379)).start();
  cleanups.push(
    () => pgProxy.stop(),
    () => redisProxy.stop(),
  );
  const viaProxy = Object.assign(new URL(url), { host: `127.0.0.1:${pgProxy.port}` }).toString();

  const storage = join(WORK, 'storage');
  const env: Record<string, string> = {
    NODE_ENV: 'development', // the receiver is on loopback: only WEBHOOK_ALLOW_PRIVATE_NETWORKS allows it
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: viaProxy,
    DB_MIGRATE_ON_START: 'false',
    REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
    REDIS_PREFIX: prefix,
    SECRETS_KEY: `drill:${secretsKey.toString('hex')}`,
    SIGNING_SECRET: randomBytes(24).toString('hex'),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_FROM: 'Intake <noreply@intake.example>',
    STORAGE_DIR: storage,
    AV: 'none',
    METRICS_PORT: String(await freePort()),
    SHUTDOWN_GRACE_SECONDS: '5',
  };
  const ports: Record<AppName, number> = {
    api: await freePort(),
    scheduler: await freePort(),
    'webhook-dispatcher': await freePort(),
  };
  const apps = {} as Record<AppName, Running>;
  for (const app of Object.keys(MAIN) as AppName[]) {
    apps[app] = spawnApp(app, ports[app], env);
    await ready(ports[app]);
  }
  console.log(
    `drills (${MODE}): apps ready on ${JSON.stringify(ports)}, database ${name}, ${RATE} requests/s; ${machineLoad()}`,
  );

  // The load, in its own process.
  const load = fork(join(__dirname, 'load.ts'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: ['-r', '@swc-node/register'],
  });
  children.add(load);
  await new Promise<void>((resolve) => load.once('message', () => resolve()));
  const phases: Phase[] = [];
  const seconds = TIMES.warmUp + 3 * TIMES.afterKill + 2 * (TIMES.cut + TIMES.afterCut) + TIMES.coolDown;
  const requestsFile = join(WORK, 'requests.json');
  const config: LoadConfig = { origin: `http://127.0.0.1:${ports.api}`, rate: RATE, seconds, keys, out: requestsFile };
  const loadDone = new Promise<void>((resolve) =>
    load.on('message', (m: { type: string }) => m.type === 'done' && resolve()),
  );
  const runStart = Date.now();
  load.send({ type: 'run', config });

  // Seeded reminders fall due a few at a time, by the drill's own connection.
  let dueMade = 0;
  const dueTimer = setInterval(() => {
    void db
      .query(
        `UPDATE chases SET scheduled_at = now() - interval '1 minute'
          WHERE id IN (SELECT id FROM chases WHERE status = 'scheduled' AND scheduled_at = $1 ORDER BY id LIMIT $2)`,
        [NOT_YET, DUE_PER_SECOND],
      )
      .then((r) => (dueMade += r.rowCount ?? 0));
  }, 1_000);

  /**
   * The chases a disruption left leased, first phase only: after a kill, those leased to the dead
   * process (a scheduler's identity is host:pid:random); after a cut, those claimed before it ended
   * and still leased at the end of the phase (their recording was lost).
   */
  const attributed = new Set<string>();
  const stranded = async (window: Disruption) => {
    const { rows } = await db.query<{ id: string }>(
      window.deadPid === undefined
        ? `SELECT id FROM chases WHERE claimed_by IS NOT NULL AND claimed_until - $1 * interval '1 millisecond' <= $2`
        : `SELECT id FROM chases WHERE claimed_by LIKE '%:' || $1::text || ':%'`,
      window.deadPid === undefined ? [CHASE_LEASE_MS, new Date(window.to)] : [window.deadPid],
    );
    const ids = rows.map((r) => r.id).filter((id) => !attributed.has(id));
    for (const id of ids) attributed.add(id);
    return ids;
  };
  const phase = async (
    drillName: string,
    kind: Phase['kind'],
    seconds: number,
    disrupt?: () => Promise<Disruption>,
  ) => {
    const start = Date.now();
    const window = disrupt ? await disrupt() : undefined;
    const rest = start + seconds * 1000 - Date.now();
    if (rest > 0) await sleep(rest);
    const p: Phase = {
      name: drillName,
      kind,
      start,
      end: Date.now(),
      from: window?.from,
      to: window?.to,
      stranded: [],
    };
    p.stranded = window ? await stranded(window) : [];
    phases.push(p);
    console.log(`  ${drillName}: done${p.stranded.length ? `, ${p.stranded.length} chases left leased by it` : ''}`);
  };
  const kill = (app: AppName) => async (): Promise<Disruption> => {
    const from = Date.now();
    const deadPid = apps[app].child.pid;
    apps[app].child.kill('SIGKILL');
    await apps[app].exited;
    apps[app] = spawnApp(app, ports[app], env);
    await ready(ports[app]);
    return { from, to: Date.now(), deadPid };
  };
  const cut = (proxy: TcpProxy) => async () => {
    const from = Date.now();
    proxy.cut();
    await sleep(TIMES.cut * 1000);
    proxy.restore();
    return { from, to: Date.now() };
  };

  await phase('warm-up', 'steady', TIMES.warmUp);
  await phase('kill -9 api', 'kill', TIMES.afterKill, kill('api'));
  await phase('kill -9 scheduler', 'kill', TIMES.afterKill, kill('scheduler'));
  await phase('kill -9 webhook-dispatcher', 'kill', TIMES.afterKill, kill('webhook-dispatcher'));
  await phase(`PostgreSQL cut ${TIMES.cut} s`, 'postgres', TIMES.cut + TIMES.afterCut, cut(pgProxy));
  await phase(`Redis cut ${TIMES.cut} s`, 'redis', TIMES.cut + TIMES.afterCut, cut(redisProxy));
  await phase('cool-down', 'steady', TIMES.coolDown);
  clearInterval(dueTimer);
  const loadEnd = Date.now();
  await loadDone;
  load.disconnect();
  const records = JSON.parse(readFileSync(requestsFile, 'utf8')) as DrillRequest[];

  // Replay every create that was not acknowledged, with its key and body, until it is answered
  // (a refused connection or a 5xx is tried again; any other answer is final).
  const replays: Record<string, number> = {};
  for (const r of records.filter((x) => x.kind === 'create' && !isAck(x))) {
    let status = 0;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      try {
        const answer = await fetch(`${config.origin}/v1/intakes`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${keys[r.key]}`,
            'content-type': 'application/json',
            'idempotency-key': r.idempotencyKey ?? '',
          },
          body: r.body,
          signal: AbortSignal.timeout(30_000),
        });
        status = answer.status;
        await answer.arrayBuffer();
      } catch {
        status = 0;
      }
      if (status >= 200 && status < 500) break;
      await sleep(500);
    }
    replays[String(status)] = (replays[String(status)] ?? 0) + 1;
  }

  // Drain: every due chase sent, every event relayed and delivered, nothing leased. The chases a
  // killed scheduler (or a recording lost to the cut) left leased are sent again once the lease
  // has run out: the full run waits the 5 minutes; the short one ends those leases now, as the
  // crash test moves the test clock past them.
  const leftLeased = [...new Set(phases.flatMap((p) => p.stranded))];
  if (SHORT && leftLeased.length > 0) {
    await db.query(`UPDATE chases SET claimed_until = now() WHERE id = ANY($1) AND claimed_by IS NOT NULL`, [
      leftLeased,
    ]);
  }
  const leaseEnd = Number(
    (await db.query<{ t: Date | null }>(`SELECT max(claimed_until) AS t FROM chases WHERE claimed_by IS NOT NULL`))
      .rows[0]?.t ?? 0,
  );
  const drainDeadline = Math.max(Date.now(), leaseEnd) + TIMES.drainS * 1000;
  const backlog = async () =>
    (
      await db.query<{
        chases: number;
        leased: number;
        unrelayed: number;
        pending: number;
        leasedDeliveries: number;
        scans: number;
        notices: number;
      }>(
        `SELECT (SELECT count(*)::int FROM chases WHERE status = 'scheduled' AND scheduled_at <= now()) AS chases,
                (SELECT count(*)::int FROM chases WHERE claimed_by IS NOT NULL) AS leased,
                (SELECT count(*)::int FROM outbox_messages WHERE published_at IS NULL) AS unrelayed,
                (SELECT count(*)::int FROM webhook_deliveries WHERE status = 'pending') AS pending,
                (SELECT count(*)::int FROM webhook_deliveries WHERE lease_until IS NOT NULL) AS "leasedDeliveries",
                (SELECT count(*)::int FROM files WHERE av_status = 'pending') AS scans,
                (SELECT count(*)::int FROM owner_notifications WHERE claimed_by IS NOT NULL) AS notices`,
      )
    ).rows[0] ?? { chases: -1, leased: -1, unrelayed: -1, pending: -1, leasedDeliveries: -1, scans: -1, notices: -1 };
  let left = await backlog();
  while (Object.values(left).some((n) => n !== 0) && Date.now() < drainDeadline) {
    await sleep(1_000);
    left = await backlog();
  }
  const drainedMs = Date.now() - loadEnd;
  await sleep(1_000); // a late duplicate would show

  // Reconcile.
  const mails = new Map((await sink.ask<{ receipts: Array<[string, number]> }>('receipts')).receipts);
  const hooks = new Map((await receiver.ask<{ receipts: Array<[string, number]> }>('receipts')).receipts);
  const perKey = new Map(
    (
      await db.query<{ project_name: string; n: number }>(
        `SELECT project_name, count(*)::int AS n FROM intakes WHERE project_name LIKE 'Drill %' GROUP BY 1`,
      )
    ).rows.map((r) => [r.project_name.slice('Drill '.length), r.n]),
  );
  const intakeIds = new Set(
    (await db.query<{ id: string }>(`SELECT id FROM intakes WHERE project_name LIKE 'Drill %'`)).rows.map((r) => r.id),
  );
  const answers = new Map(
    (
      await db.query<{ intake_id: string; value: string | null }>(
        `SELECT intake_id, value #>> '{}' AS value FROM items WHERE key = 'about' AND intake_id = ANY($1)`,
        [[...intakeIds]],
      )
    ).rows.map((r) => [r.intake_id, r.value]),
  );
  const files = new Set(
    (await db.query<{ id: string }>(`SELECT id FROM files WHERE kind = 'upload'`)).rows.map((r) => r.id),
  );
  const lostWrite = (r: DrillRequest): boolean => {
    if (!isAck(r)) return false;
    if (r.kind === 'create')
      return !r.intakeId || !intakeIds.has(r.intakeId) || perKey.get(r.idempotencyKey ?? '') !== 1;
    if (r.kind === 'submit') return answers.get(r.intakeId ?? '') !== r.value;
    if (r.kind === 'upload') return !files.has(r.fileId ?? '');
    return false;
  };
  const creates = records.filter((r) => r.kind === 'create');
  const keyCounts = creates.map((r) => perKey.get(r.idempotencyKey ?? '') ?? 0);
  const duplicateIntakes = keyCounts.filter((n) => n > 1).length;
  const missingAfterReplay = keyCounts.filter((n) => n === 0).length;

  const expectedDeliveries = (
    await db.query<{ outbox_id: string; created_at: Date; delivery_id: string | null }>(
      `SELECT o.id AS outbox_id, o.created_at, d.id AS delivery_id
         FROM outbox_messages o
         JOIN webhook_endpoints e ON e.account_id = o.payload->>'account_id' AND e.mode = o.payload->>'mode'
                                  AND (o.payload->'payload'->>'event') = ANY (e.events)
         LEFT JOIN webhook_deliveries d ON d.outbox_id = o.id AND d.endpoint_id = e.id
        WHERE o.topic = 'webhook'`,
    )
  ).rows;
  const lostDeliveries = expectedDeliveries.filter((d) => !d.delivery_id || !hooks.has(d.delivery_id));
  const itemEvents = Number(
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox_messages WHERE topic = 'webhook' AND payload->'payload'->>'event' = 'item.submitted'`,
      )
    ).rows[0]?.n,
  );

  const dueChases = (
    await db.query<{ id: string; status: string; kind: string }>(
      `SELECT id, status, kind FROM chases
        WHERE channel = 'email' AND scheduled_at >= $1 AND scheduled_at <= now() AND kind IN ('invite', 'reminder')`,
      [new Date(runStart - 120_000)],
    )
  ).rows;
  const leaseWindow = new Set(leftLeased);
  const notSent = dueChases.filter((c) => c.status !== 'sent' || !mails.has(c.id));
  const duplicated = dueChases.filter((c) => (mails.get(c.id) ?? 0) > 1);
  const duplicatesInWindow = duplicated.filter((c) => leaseWindow.has(c.id));
  const duplicatesOutside = duplicated.filter((c) => !leaseWindow.has(c.id));
  const extraMails = [...mails.values()].reduce((sum, n) => sum + n - 1, 0);

  // Per drill.
  const figures: PhaseFigures[] = phases.map((p) => {
    const inPhase = records.filter((r) => r.at >= p.start && r.at < p.end);
    const byStatus: Record<string, number> = {};
    for (const r of inPhase) byStatus[outcomeOf(r)] = (byStatus[outcomeOf(r)] ?? 0) + 1;
    const during =
      p.from !== undefined && p.to !== undefined
        ? inPhase.filter((r) => r.at >= (p.from ?? 0) && r.at <= (p.to ?? 0))
        : [];
    const violations =
      p.kind === 'postgres'
        ? during.filter(
            (r) => !isAck(r) && !(r.status !== undefined && r.status < 500) && !(r.status === 503 && r.retryAfter),
          )
        : p.kind === 'redis'
          ? during.filter((r) => r.status === undefined || r.status >= 500)
          : [];
    const failed = inPhase.filter((r) => !isAck(r) && (p.from === undefined || r.at >= p.from));
    const lastFailure = Math.max(...failed.map((r) => r.at + (r.ms ?? 0)));
    const ids = new Set(p.stranded);
    return {
      drill: p.name,
      requests: inPhase.length,
      acknowledged: inPhase.filter(isAck).length,
      byStatus,
      maxLatencyMs: Math.max(0, ...inPhase.map((r) => r.ms ?? 0)),
      recoveryMs: p.to === undefined ? null : failed.length === 0 ? 0 : Math.max(0, lastFailure - p.to),
      restartMs: p.kind === 'kill' && p.from !== undefined && p.to !== undefined ? p.to - p.from : null,
      lostWrites: inPhase.filter(lostWrite).length,
      lostDeliveries: lostDeliveries.filter((d) => +d.created_at >= p.start && +d.created_at < p.end).length,
      duplicateReminders: duplicated.filter((c) => ids.has(c.id)).length,
      violations: violations.length,
    };
  });

  const all500 = records.filter((r) => r.status === 500);
  const unexpected4xx: Record<string, number> = {};
  for (const r of records.filter((x) => x.status !== undefined && x.status >= 400 && x.status < 500)) {
    const label = `${r.kind} ${r.status} ${r.code ?? ''}`.trim();
    unexpected4xx[label] = (unexpected4xx[label] ?? 0) + 1;
  }
  const totals = {
    requests: records.length,
    acknowledged: records.filter(isAck).length,
    acknowledgedWrites: records.filter((r) => r.kind !== 'read' && isAck(r)).length,
    lostAcknowledgedWrites: records.filter(lostWrite).length,
    unacknowledgedCreatesReplayed: creates.filter((r) => !isAck(r)).length,
    replayAnswers: replays,
    keysWithoutIntakeAfterReplay: missingAfterReplay,
    keysWithMoreThanOneIntake: duplicateIntakes,
    itemSubmittedEvents: itemEvents,
    expectedDeliveries: expectedDeliveries.length,
    lostDeliveries: lostDeliveries.length,
    webhookRequests: [...hooks.values()].reduce((s, n) => s + n, 0),
    dueReminders: dueChases.length,
    seededRemindersMadeDue: dueMade,
    remindersNotSent: notSent.length,
    duplicateReminders: duplicated.length,
    duplicateRemindersInLeaseWindow: duplicatesInWindow.length,
    duplicateRemindersOutsideLeaseWindow: duplicatesOutside.length,
    extraMails,
    leftAtEnd: left,
    drainedSeconds: Math.round(drainedMs / 100) / 10,
    status500: all500.length,
    non2xx4xx: unexpected4xx,
    violations: figures.reduce((s, f) => s + f.violations, 0),
  };
  const failures = [
    totals.lostAcknowledgedWrites > 0 && `${totals.lostAcknowledgedWrites} acknowledged writes lost`,
    missingAfterReplay > 0 && `${missingAfterReplay} Idempotency-Keys without an intake after the replay`,
    duplicateIntakes > 0 && `${duplicateIntakes} Idempotency-Keys with more than one intake`,
    lostDeliveries.length > 0 && `${lostDeliveries.length} committed events never reached a subscribed endpoint`,
    notSent.length > 0 && `${notSent.length} due reminders not sent`,
    duplicatesOutside.length > 0 && `${duplicatesOutside.length} reminders sent twice outside the lease window`,
    Object.values(left).some((n) => n !== 0) && `left at the end: ${JSON.stringify(left)}`,
    all500.length > 0 && `${all500.length} answers 500`,
    // The load sends only valid requests to intakes it created: any 4xx is a fault (or the load's).
    Object.keys(unexpected4xx).length > 0 && `answers 4xx: ${JSON.stringify(unexpected4xx)}`,
    totals.violations > 0 && `${totals.violations} answers broke an outage rule`,
  ].filter((f): f is string => Boolean(f));

  const table = [
    '| drill | requests | acknowledged | answers | max latency ms | restart ms | recovery ms | lost writes | lost deliveries | duplicate reminders | rule broken |',
    '|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|',
    ...figures.map(
      (f) =>
        `| ${f.drill} | ${f.requests} | ${f.acknowledged} | ${Object.entries(f.byStatus)
          .map(([k, v]) => `${k}: ${v}`)
          .join(
            ', ',
          )} | ${f.maxLatencyMs} | ${f.restartMs ?? ''} | ${f.recoveryMs ?? ''} | ${f.lostWrites} | ${f.lostDeliveries} | ${f.duplicateReminders} | ${f.violations} |`,
    ),
  ].join('\n');
  console.log(table);
  console.log(JSON.stringify(totals, null, 2));
  const result = {
    mode: MODE,
    rate: RATE,
    times: TIMES,
    date: new Date().toISOString(),
    ...machine(),
    figures,
    totals,
    failures,
  };
  writeFileSync(join(OUT, `results-${MODE}.json`), JSON.stringify(result, null, 2));
  if (duplicated.length > 0) writeFileSync(join(WORK, 'duplicates.json'), JSON.stringify(duplicated, null, 2));
  if (lostDeliveries.length > 0)
    writeFileSync(join(WORK, 'lost-deliveries.json'), JSON.stringify(lostDeliveries, null, 2));
  if (failures.length > 0) {
    console.error(`drills (${MODE}): FAILED\n- ${failures.join('\n- ')}\n(app logs in ${WORK})`);
    process.exitCode = 1;
  } else {
    console.log(`drills (${MODE}): passed; results in tmp/drills/results-${MODE}.json`);
    rmSync(storage, { recursive: true, force: true });
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`drills: ${signal}, cleaning up`);
    void cleanup().then(() => process.exit(130));
  });
}
// Bounded: whatever happens, the run ends (the full run's lease wait included).
setTimeout(
  () => {
    console.error('drills: timed out');
    process.exitCode = 1;
    void cleanup().then(() => process.exit(1));
  },
  (SHORT ? 6 : 20) * 60_000,
).unref();

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => void cleanup());
