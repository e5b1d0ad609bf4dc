import { createHash } from 'node:crypto';
import { type Client } from 'pg';
import { BENCH_ACCOUNT, seedAccount } from '../api/seed';

/** Clients and folders of the big account (the seed), and what else it has. */
export const CLIENTS = 5_000;
export const FOLDERS = 20;
export const AUDIT_ENTRIES = 100_000;
export const TEMPLATES = 10;
export const WEBHOOKS = 3;
export const DELIVERIES = 10_000;
/** The small accounts beside it, each with a few intakes of a few clients. */
export const SMALL_ACCOUNTS = 10_000;
export const SMALL_INTAKES = 10;

/** The owner's dashboard session (cookie `sid`): GET /v1/keys is session-only, and a session sees both modes. */
export const BENCH_SESSION = 'scale-bench-session-token-0123456789';

/** The big account's intake number `g` as an id (ordered like g). */
export const intakeId = (g: number) => `in_scale${String(g).padStart(14, '0')}`;

/** The read models the triggers keep, rebuilt from scratch in one statement each after a bulk load. */
const READ_MODELS = [
  'client_stats',
  'client_totals',
  'intake_search',
  'intake_client_texts',
  'intake_counts',
  'audit_counts',
] as const;

/** Bulk loads run with every trigger off (the read models are rebuilt afterwards). */
async function withoutTriggers(db: Client, load: () => Promise<void>): Promise<void> {
  await db.query(`SET session_replication_role = replica`);
  try {
    await load();
  } finally {
    await db.query(`SET session_replication_role = origin`);
  }
}

/**
 * The big account with its admin key, folders, templates, webhooks and deliveries, its audit log;
 * no intakes yet (growTo adds them).
 */
export async function seedBigAccount(db: Client): Promise<void> {
  await seedAccount(db);
  await db.query(
    `INSERT INTO users (id, account_id, email, name, role, password_hash, created_at)
     VALUES ('usr_scale', $1, 'owner@bench.example', 'Owner', 'owner', 'unused', now())`,
    [BENCH_ACCOUNT],
  );
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, account_id, created_at, expires_at)
     VALUES ($1, 'usr_scale', $2, now(), now() + interval '1 day')`,
    [createHash('sha256').update(BENCH_SESSION).digest(), BENCH_ACCOUNT],
  );
  await db.query(
    `INSERT INTO folders (id, account_id, name, sort_order, created_at)
     SELECT 'fld_scale' || g, $1, 'Folder ' || g, g, now() FROM generate_series(1, $2::int) g`,
    [BENCH_ACCOUNT, FOLDERS],
  );
  await db.query(
    `INSERT INTO templates (id, account_id, slug, name, items, created_at)
     SELECT 'tpl_scale' || g, $1, 'template-' || g, 'Template ' || g,
            '[{"key":"logo","type":"image","label":"Logo"},{"key":"about","type":"longtext","label":"About"}]', now()
       FROM generate_series(1, $2::int) g`,
    [BENCH_ACCOUNT, TEMPLATES],
  );
  // audit_counts is rebuilt with the other read models (growTo).
  await withoutTriggers(db, async () => {
    await db.query(
      `INSERT INTO audit_entries (id, account_id, at, actor_type, actor_id, actor_mode, action, target_id)
       SELECT 'aud_scale' || g, $1, now() - (g || ' seconds')::interval, 'api_key', 'key_bench', 'live',
              (ARRAY['intake.created','intake.sent','item.approved','folder.created'])[1 + g % 4], 'in_scale' || g
         FROM generate_series(1, $2::int) g`,
      [BENCH_ACCOUNT, AUDIT_ENTRIES],
    );
  });
  await db.query(
    `INSERT INTO webhook_endpoints (id, account_id, mode, url, events, format, secret_sealed, created_at)
     SELECT 'whk_scale' || g, $1, 'live', 'https://hooks.example.com/' || g, '{intake.completed}', 'raw', 'unused', now()
       FROM generate_series(1, $2::int) g`,
    [BENCH_ACCOUNT, WEBHOOKS],
  );
  await db.query(
    `INSERT INTO webhook_deliveries (id, endpoint_id, account_id, event, payload, status, attempts, response_code, created_at, delivered_at)
     SELECT 'whd_scale' || g, 'whk_scale1', $1, 'intake.completed', '{}', 'delivered', 1, 200,
            now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
       FROM generate_series(1, $2::int) g`,
    [BENCH_ACCOUNT, DELIVERIES],
  );
}

/** The intakes of `accounts` (already inserted), `perAccount` each: the same columns for both kinds. */
async function insertIntakes(db: Client, select: string, params: unknown[]): Promise<void> {
  await db.query(
    `INSERT INTO intakes (id, account_id, mode, created_by_key_id, slug, project_name, status, client_email, client_name,
        client_language, client_timezone, folder_id, chase_schedule, respect_quiet_hours, max_reminders, retention_mode,
        retention_days, retention_anonymize, created_at, sent_at)
     SELECT id, account_id, 'live', key_id, substr(md5(id), 1, 22), project, (ARRAY['draft','sent','in_progress','completed','archived'])[1 + g % 5],
            'client' || c || '@example.com', 'Client ' || c, 'en', 'Europe/Prague', folder, 'default', true, 3, 'days', 90, false,
            at, at
       FROM (${select}) s`,
    params,
  );
}

/** 10,000 small accounts with 10 intakes of 3 clients each (no items: their pages are not read). */
export async function seedSmallAccounts(db: Client): Promise<void> {
  await withoutTriggers(db, async () => {
    await db.query(
      `INSERT INTO accounts (id, name, plan, created_at, updated_at)
       SELECT 'acc_small' || lpad(a::text, 17, '0'), 'Small ' || a, 'free', now(), now() FROM generate_series(1, $1::int) a`,
      [SMALL_ACCOUNTS],
    );
    await insertIntakes(
      db,
      `SELECT 'in_small' || lpad(a::text, 6, '0') || lpad(n::text, 8, '0') AS id, 'acc_small' || lpad(a::text, 17, '0') AS account_id,
              NULL AS key_id, 'Project ' || n AS project, n AS g, 's' || a || '-' || (n % 3) AS c, NULL AS folder,
              now() - (n || ' hours')::interval AS at
         FROM generate_series(1, $1::int) a, generate_series(1, $2::int) n`,
      [SMALL_ACCOUNTS, SMALL_INTAKES],
    );
  });
}

/**
 * Grows the big account from `from` to `to` intakes (four items and an invitation each, spread
 * over statuses, folders and 5,000 clients like the api benchmark's seed), then rebuilds the read
 * models from scratch and runs VACUUM ANALYZE, as autovacuum would, and a CHECKPOINT.
 */
export async function growTo(db: Client, from: number, to: number): Promise<void> {
  await withoutTriggers(db, async () => {
    await insertIntakes(
      db,
      `SELECT 'in_scale' || lpad(g::text, 14, '0') AS id, $1::text AS account_id, 'key_bench' AS key_id, 'Project ' || g AS project, g,
              (g % ${CLIENTS})::text AS c, CASE WHEN g % 3 = 0 THEN 'fld_scale' || (1 + g % ${FOLDERS}) END AS folder,
              now() - (g || ' minutes')::interval AS at
         FROM generate_series($2::int + 1, $3::int) g`,
      [BENCH_ACCOUNT, from, to],
    );
    await db.query(
      `INSERT INTO items (intake_id, key, position, type, label, required, assignee, status, waiver)
       SELECT 'in_scale' || lpad(g::text, 14, '0'), k.key, k.pos, k.type, k.label, true, k.assignee,
              (ARRAY['pending','submitted','approved'])[1 + (k.pos + g) % 3],
              '{"state":"none","reason":null,"requested_by":null,"requested_at":null,"decided_at":null}'
         FROM generate_series($1::int + 1, $2::int) g
        CROSS JOIN (VALUES ('logo', 0, 'image', 'Logo', 'client'), ('about', 1, 'longtext', 'About', 'client'),
                           ('photos', 2, 'file_list', 'Photos', 'client'), ('invoice', 3, 'text', 'Invoice', 'owner'))
              AS k(key, pos, type, label, assignee)`,
      [from, to],
    );
    await db.query(
      `INSERT INTO chases (id, intake_id, channel, kind, status, scheduled_at, attempt_no, created_at)
       SELECT 'chs_scale' || g, 'in_scale' || lpad(g::text, 14, '0'), 'email', 'invite', 'sent', now(), 0, now()
         FROM generate_series($1::int + 1, $2::int) g`,
      [from, to],
    );
  });
  await rebuildReadModels(db);
}

/**
 * Every read model from its `*_fresh` view (migration 1795002500000), one statement each, with
 * the triggers off; the remembered search totals (migration 1795003700000), which the bulk load
 * did not keep, forgotten.
 */
export async function rebuildReadModels(db: Client): Promise<void> {
  await db.query(`SET maintenance_work_mem = '256MB'`);
  await db.query(`TRUNCATE ${READ_MODELS.join(', ')}, search_totals`);
  await withoutTriggers(db, async () => {
    for (const table of READ_MODELS) await db.query(`INSERT INTO ${table} SELECT * FROM ${table}_fresh`);
  });
  await db.query('VACUUM ANALYZE');
  // The bulk load's dirty pages written out now, not by a checkpoint in the middle of a measurement.
  await db.query('CHECKPOINT');
}
