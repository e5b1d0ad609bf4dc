import { Injectable } from '@nestjs/common';
import { type ChaseOutcome, ChaseQueue, type DueChase, type Lease } from '@intake/application-chasing';
import { Sql } from '@intake/postgres';

/**
 * The chases table as the scheduler's queue. A claim is one statement: the due rows are picked
 * with FOR UPDATE SKIP LOCKED (another scheduler's rows in the middle of being claimed are skipped,
 * never waited for) and leased in the same UPDATE, so two schedulers never hold one chase.
 */
@Injectable()
export class PostgresChaseQueue extends ChaseQueue {
  constructor(private readonly sql: Sql) {
    super();
  }

  claimDue(now: Date, limit: number, lease: Lease): Promise<DueChase[]> {
    return this.sql.query<DueChase>(
      `WITH due AS (
         SELECT c.id FROM chases c
          WHERE c.status = 'scheduled' AND c.scheduled_at <= $1
            AND (c.claimed_until IS NULL OR c.claimed_until < $1)
          ORDER BY c.scheduled_at, c.id
          LIMIT $2
          FOR UPDATE SKIP LOCKED)
       UPDATE chases c SET claimed_until = $3, claimed_by = $4
         FROM due, intakes i
        WHERE c.id = due.id AND i.id = c.intake_id
       RETURNING c.id, c.intake_id, i.account_id, c.channel, c.kind, c.attempt_no, c.scheduled_at, c.send_attempts`,
      [now, limit, lease.until, lease.worker],
    );
  }

  async settle(chaseId: string, worker: string, outcome: ChaseOutcome): Promise<boolean> {
    const sent = outcome.status === 'sent';
    const rows = await this.sql.query(
      `UPDATE chases
          SET status = $3,
              sent_at = CASE WHEN $3 = 'sent' THEN $4::timestamptz ELSE sent_at END,
              error = $5, provider_message_id = $6, recipients = $7, missing_items_count = COALESCE($8, missing_items_count),
              claimed_until = NULL, claimed_by = NULL
        WHERE id = $1 AND claimed_by = $2 AND status = 'scheduled'
        RETURNING id`,
      [
        chaseId,
        worker,
        outcome.status,
        outcome.at,
        sent ? null : outcome.error,
        sent ? outcome.provider_message_id : null,
        sent ? outcome.recipients : [],
        sent ? outcome.missing_items_count : null,
      ],
    );
    return rows.length === 1;
  }

  async retryLater(chaseId: string, worker: string, retryAt: Date, error: string): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE chases SET scheduled_at = $3, error = $4, send_attempts = send_attempts + 1,
              claimed_until = NULL, claimed_by = NULL
        WHERE id = $1 AND claimed_by = $2 AND status = 'scheduled'
        RETURNING id`,
      [chaseId, worker, retryAt, error],
    );
    return rows.length === 1;
  }
}
