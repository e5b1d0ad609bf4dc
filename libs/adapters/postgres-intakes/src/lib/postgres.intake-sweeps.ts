import { Injectable } from '@nestjs/common';
import { IntakeSweeps, type SweptIntake } from '@intake/application-intakes';
import { Sql } from '@intake/postgres';

/**
 * The overdue and retention sweeps' claims: one statement each, the due rows picked with
 * FOR UPDATE SKIP LOCKED (an intake another transaction holds, a scheduler's or a request's, is
 * skipped until the next pass) and marked in the same UPDATE, in the caller's transaction. Both
 * read partial indexes that hold only the rows still to be handled. `clock` keeps each time line
 * to itself: the intakes on real time, or those of one test clock.
 */
@Injectable()
export class PostgresIntakeSweeps extends IntakeSweeps {
  constructor(private readonly sql: Sql) {
    super();
  }

  claimOverdue(now: Date, limit: number, skip: readonly string[], clock: string | null = null): Promise<SweptIntake[]> {
    return this.sql.query<SweptIntake>(
      `WITH due AS (
         SELECT i.id FROM intakes i
          WHERE i.overdue_at <= $1 AND i.overdue_notified_at IS NULL AND i.status IN ('sent', 'in_progress')
            AND NOT (i.id = ANY ($3::text[])) AND i.test_clock_id IS NOT DISTINCT FROM $4
            AND EXISTS (SELECT 1 FROM items t
                         WHERE t.intake_id = i.id AND t.assignee = 'client' AND t.required
                           AND t.status IN ('pending', 'needs_revision'))
          ORDER BY i.overdue_at, i.id
          LIMIT $2
          FOR UPDATE OF i SKIP LOCKED),
       marked AS (
         UPDATE intakes i SET overdue_notified_at = $1 FROM due WHERE i.id = due.id
         RETURNING i.id, i.account_id, i.overdue_at)
       SELECT id, account_id FROM marked ORDER BY overdue_at, id`,
      [now, limit, [...skip], clock],
    );
  }

  claimPurges(now: Date, limit: number, skip: readonly string[], clock: string | null = null): Promise<SweptIntake[]> {
    return this.sql.query<SweptIntake>(
      `WITH due AS (
         SELECT i.id FROM intakes i
          WHERE i.purge_at IS NOT NULL AND i.purge_at <= $1 AND (i.purged_at IS NULL OR i.purged_at < i.purge_at)
            AND NOT (i.id = ANY ($3::text[])) AND i.test_clock_id IS NOT DISTINCT FROM $4
          ORDER BY i.purge_at, i.id
          LIMIT $2
          FOR UPDATE SKIP LOCKED),
       marked AS (
         UPDATE intakes i SET purged_at = $1 FROM due WHERE i.id = due.id
         RETURNING i.id, i.account_id, i.purge_at)
       SELECT id, account_id FROM marked ORDER BY purge_at, id`,
      [now, limit, [...skip], clock],
    );
  }

  async forgetChaseRecipients(intakeId: string): Promise<void> {
    await this.sql.query(`UPDATE chases SET recipients = '{}', delivered_to = '{}' WHERE intake_id = $1`, [intakeId]);
  }
}
