import { Client } from 'pg';

export interface DueRemindersOptions {
  /** Live intakes, each with its first reminder `scheduled` at `remindAt`. */
  count: number;
  /** When the intakes were sent and their invitations went out. */
  invitedAt: Date;
  remindAt: Date;
  /** Accounts the intakes are spread over (consecutive intakes in different ones); 100 unless said. */
  accounts?: number;
  /** Part of every id, e-mail address and slug, so several seedings can share one database. */
  tag?: string;
}

const LANGUAGES = ['en', 'cs', 'de', 'sk', 'pl', 'es'];
const ZONES = ['Europe/Prague', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo'];

/**
 * Many chased intakes at once, in bulk SQL on a migrated database (the scheduler's crash tests and
 * its benchmark): live intakes on the default schedule with four items (three for the client, two
 * of them still missing), the invitation sent, and the first reminder `scheduled`; accounts with
 * an owner each; client languages and time zones mixed. Returns the reminders' chase ids.
 */
export async function seedDueReminders(url: string, options: DueRemindersOptions): Promise<string[]> {
  const tag = (options.tag ?? '').toLowerCase();
  if (!/^[a-z0-9]{0,8}$/.test(tag)) throw new Error(`seedDueReminders: tag "${tag}" is not 0-8 letters or digits`);
  const accounts = options.accounts ?? 100;
  /** A well-formed id (22 characters after the prefix) from a number. */
  const id = (prefix: string, n: string) => `'${prefix}_${tag}' || lpad((${n})::text, ${22 - tag.length}, '0')`;
  const intake = id('in', 'g');
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO accounts (id, name, plan, default_language, sender_name, created_at, updated_at)
       SELECT ${id('acc', 'a')}, 'Agency ' || a, 'agency', 'en', CASE WHEN a % 2 = 0 THEN 'Jana from Agency ' || a END, $2, $2
         FROM generate_series(1, $1::int) a`,
      [accounts, options.invitedAt],
    );
    await db.query(
      `INSERT INTO users (id, account_id, email, name, role, password_hash, created_at)
       SELECT ${id('usr', 'a')}, ${id('acc', 'a')},
              'owner' || a || '.${tag}@agency.example', 'Owner ' || a, 'owner', 'x', $2
         FROM generate_series(1, $1::int) a`,
      [accounts, options.invitedAt],
    );
    await db.query(
      `INSERT INTO intakes (id, account_id, mode, created_by_user_id, slug, project_name, status, client_email,
          client_name, client_language, client_timezone, chase_schedule, respect_quiet_hours, max_reminders,
          retention_mode, retention_days, retention_anonymize, created_at, sent_at)
       SELECT ${intake}, ${id('acc', '1 + g % $2')}, 'live', ${id('usr', '1 + g % $2')},
              'due${tag}' || g, 'Project ' || g, 'sent', 'client' || g || '.${tag}@client.example', 'Client ' || g,
              ($3::text[])[1 + g % 6], ($4::text[])[1 + g % 4], 'default', true, 3, 'days', 90, false, $5, $5
         FROM generate_series(1, $1::int) g`,
      [options.count, accounts, LANGUAGES, ZONES, options.invitedAt],
    );
    await db.query(
      `INSERT INTO items (intake_id, key, position, type, label, required, assignee, status, waiver)
       SELECT i.id, k.key, k.pos, k.type, k.label, true, k.assignee, k.status,
              '{"state":"none","reason":null,"requested_by":null,"requested_at":null,"decided_at":null}'
         FROM (SELECT ${intake} AS id FROM generate_series(1, $1::int) g) i CROSS JOIN (VALUES ('logo', 0, 'image', 'Logo', 'client', 'pending'),
                                           ('about', 1, 'longtext', 'About us', 'client', 'submitted'),
                                           ('photos', 2, 'file_list', 'Photos', 'client', 'pending'),
                                           ('invoice', 3, 'text', 'Invoice details', 'owner', 'pending'))
              AS k(key, pos, type, label, assignee, status)`,
      [options.count],
    );
    await db.query(
      `INSERT INTO chases (id, intake_id, channel, kind, status, scheduled_at, sent_at, attempt_no, recipients, created_at)
       SELECT ${id('chs', "'1' || lpad(g::text, 12, '0')")}, ${intake}, 'email', 'invite', 'sent', $2, $2, 0,
              ARRAY['client' || g || '.${tag}@client.example'], $2
         FROM generate_series(1, $1::int) g`,
      [options.count, options.invitedAt],
    );
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO chases (id, intake_id, channel, kind, status, scheduled_at, attempt_no, created_at)
       SELECT ${id('chs', "'2' || lpad(g::text, 12, '0')")}, ${intake}, 'email', 'reminder', 'scheduled', $2, 1, $3
         FROM generate_series(1, $1::int) g
       RETURNING id`,
      [options.count, options.remindAt, options.invitedAt],
    );
    await db.query('COMMIT');
    return rows.map((r) => r.id).sort();
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  } finally {
    await db.end();
  }
}
