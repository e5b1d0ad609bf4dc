import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The overdue and retention sweeps and the owner notifications (issue #12, items 6 and 11).
 *
 * - accounts: which notifications the owner gets (`notify_on_*`, all on) and whether every member
 *   gets them too (`notify_members`, off).
 * - intakes: `overdue_at`, the end of the due day in the client's zone (kept by the write path with
 *   Luxon; the back-fill uses PostgreSQL's zone data, which agrees except for a midnight a DST gap
 *   skips), `overdue_notified_at` (intake.overdue fired, once), `purged_at` (the contents were
 *   purged; a later `purge_at`, after a reopened intake completed again, purges again). Existing
 *   completed or delivered intakes get their `purge_at`.
 * - owner_notifications: the mails to the owner and members, queued in the transaction of what
 *   they report and sent by the scheduler under a lease, as chases are.
 */
export class SweepsAndOwnerNotifications1795001100000 implements MigrationInterface {
  name = 'SweepsAndOwnerNotifications1795001100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE accounts
        ADD COLUMN notify_on_completed boolean NOT NULL DEFAULT true,
        ADD COLUMN notify_on_stalled   boolean NOT NULL DEFAULT true,
        ADD COLUMN notify_on_overdue   boolean NOT NULL DEFAULT true,
        ADD COLUMN notify_on_bounced   boolean NOT NULL DEFAULT true,
        ADD COLUMN notify_members      boolean NOT NULL DEFAULT false`);
    await q.query(`
      ALTER TABLE intakes
        ADD COLUMN overdue_at          timestamptz,
        ADD COLUMN overdue_notified_at timestamptz,
        ADD COLUMN purged_at           timestamptz`);
    await q.query(
      `UPDATE intakes SET overdue_at = (due_date + 1)::timestamp AT TIME ZONE client_timezone WHERE due_date IS NOT NULL`,
    );
    await q.query(`
      UPDATE intakes
         SET purge_at = CASE retention_mode
               WHEN 'days' THEN completed_at + make_interval(hours => 24 * coalesce(retention_days, 90))
               ELSE delivered_at + interval '24 hours' END
       WHERE purge_at IS NULL
         AND ((retention_mode = 'days' AND completed_at IS NOT NULL)
           OR (retention_mode = 'on_delivery' AND delivered_at IS NOT NULL))`);
    await q.query(`
      CREATE INDEX intakes_overdue_idx ON intakes (overdue_at)
       WHERE overdue_notified_at IS NULL AND status IN ('sent', 'in_progress')`);
    await q.query(`
      CREATE INDEX intakes_purge_idx ON intakes (purge_at)
       WHERE purge_at IS NOT NULL AND (purged_at IS NULL OR purged_at < purge_at)`);
    await q.query(`
      CREATE TABLE owner_notifications (
        id                  text PRIMARY KEY,
        account_id          text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        intake_id           text NOT NULL REFERENCES intakes (id) ON DELETE CASCADE,
        mode                text NOT NULL CHECK (mode IN ('live', 'test')),
        recipient           text NOT NULL,
        kind                text NOT NULL,
        mail                jsonb NOT NULL,
        status              text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        due_at              timestamptz NOT NULL,
        created_at          timestamptz NOT NULL,
        sent_at             timestamptz,
        provider_message_id text,
        send_attempts       integer NOT NULL DEFAULT 0,
        error               text,
        claimed_until       timestamptz,
        claimed_by          text
      )`);
    await q.query(`CREATE INDEX owner_notifications_due_idx ON owner_notifications (due_at) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX owner_notifications_intake_idx ON owner_notifications (intake_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE owner_notifications`);
    await q.query(`DROP INDEX intakes_purge_idx`);
    await q.query(`DROP INDEX intakes_overdue_idx`);
    await q.query(`ALTER TABLE intakes DROP COLUMN overdue_at, DROP COLUMN overdue_notified_at, DROP COLUMN purged_at`);
    await q.query(`
      ALTER TABLE accounts
        DROP COLUMN notify_on_completed, DROP COLUMN notify_on_stalled, DROP COLUMN notify_on_overdue,
        DROP COLUMN notify_on_bounced, DROP COLUMN notify_members`);
  }
}
