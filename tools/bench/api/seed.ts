import { createHash } from 'node:crypto';
import { Client } from 'pg';

/** The benchmark's API key (a fixed, well-formed live key of a throw-away database). */
export const BENCH_KEY = `svc_live_${'b'.repeat(39)}ench`;
export const BENCH_ACCOUNT = 'acc_benchbenchbenchbenchbe';

/** The agency account with its admin key BENCH_KEY. */
export async function seedAccount(db: Client): Promise<void> {
  const hash = createHash('sha256').update(BENCH_KEY).digest();
  await db.query(
    `INSERT INTO accounts (id, name, plan, created_at, updated_at) VALUES ($1, 'Bench', 'agency', now(), now())`,
    [BENCH_ACCOUNT],
  );
  await db.query(
    `INSERT INTO api_keys (id, account_id, name, mode, scopes, token_hash, prefix, last4, created_at, last_used_at)
     VALUES ('key_bench', $1, 'bench', 'live', '{admin}', $2, 'svc_live_', 'ench', now(), now())`,
    [BENCH_ACCOUNT, hash],
  );
}

/**
 * One agency account with `count` intakes (four items and one chase each), spread over statuses,
 * folders and clients like a busy real account; then ANALYZE. With `from` (the count seeded
 * already) it tops an earlier seed up to `count` (the growth runs).
 */
export async function seed(url: string, count: number, from = 0): Promise<string[]> {
  const db = new Client({ connectionString: url });
  await db.connect();
  const fresh = `('in_bench' || lpad(${Math.trunc(from)}::text, 14, '0'))`;
  try {
    if (from === 0) {
      await seedAccount(db);
      await db.query(
        `INSERT INTO folders (id, account_id, name, sort_order, created_at) SELECT 'fld_bench' || g, $1, 'Folder ' || g, g, now() FROM generate_series(1, 20) g`,
        [BENCH_ACCOUNT],
      );
    }
    // Bulk load without the per-row counting trigger; the counts are filled in one statement below.
    await db.query(`SET session_replication_role = replica`);
    await db.query(
      `INSERT INTO intakes (id, account_id, mode, created_by_key_id, slug, project_name, status, client_email, client_name,
          client_language, client_timezone, folder_id, chase_schedule, respect_quiet_hours, max_reminders, retention_mode,
          retention_days, retention_anonymize, created_at, sent_at)
       SELECT 'in_bench' || lpad(g::text, 14, '0'), $1, 'live', 'key_bench', 'slug' || g, 'Project ' || g,
              (ARRAY['draft','sent','in_progress','completed','archived'])[1 + g % 5],
              'client' || (g % 5000) || '@example.com', 'Client ' || (g % 5000), 'en', 'Europe/Prague',
              CASE WHEN g % 3 = 0 THEN 'fld_bench' || (1 + g % 20) END, 'default', true, 3, 'days', 90, false,
              now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
         FROM generate_series($3::int + 1, $2::int) g`,
      [BENCH_ACCOUNT, count, from],
    );
    await db.query(
      `INSERT INTO items (intake_id, key, position, type, label, required, assignee, status, waiver)
       SELECT i.id, k.key, k.pos, k.type, k.label, true, k.assignee,
              (ARRAY['pending','submitted','approved'])[1 + (k.pos + length(i.id)) % 3],
              '{"state":"none","reason":null,"requested_by":null,"requested_at":null,"decided_at":null}'
         FROM intakes i CROSS JOIN (VALUES ('logo', 0, 'image', 'Logo', 'client'), ('about', 1, 'longtext', 'About', 'client'),
                                         ('photos', 2, 'file_list', 'Photos', 'client'), ('invoice', 3, 'text', 'Invoice', 'owner'))
              AS k(key, pos, type, label, assignee)
        WHERE i.account_id = $1 AND i.id > ${fresh}`,
      [BENCH_ACCOUNT],
    );
    await db.query(
      `INSERT INTO chases (id, intake_id, channel, kind, status, scheduled_at, attempt_no, created_at)
       SELECT 'chs_' || substr(i.id, 4), i.id, 'email', 'invite', 'sent', i.created_at, 0, i.created_at FROM intakes i WHERE i.account_id = $1 AND i.id > ${fresh}`,
      [BENCH_ACCOUNT],
    );
    await db.query(`SET session_replication_role = origin`);
    await db.query('DELETE FROM intake_counts');
    await db.query(
      `INSERT INTO intake_counts (account_id, mode, created_by_key_id, status, folder_id, n)
       SELECT account_id, mode, coalesce(created_by_key_id, ''), status, coalesce(folder_id, ''), count(*) FROM intakes GROUP BY 1, 2, 3, 4, 5`,
    );
    // What autovacuum does for a real table: statistics, and the visibility map index-only scans need.
    await db.query('VACUUM ANALYZE');
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM intakes WHERE account_id = $1 ORDER BY random() LIMIT 2000`,
      [BENCH_ACCOUNT],
    );
    return rows.map((r) => r.id);
  } finally {
    await db.end();
  }
}
