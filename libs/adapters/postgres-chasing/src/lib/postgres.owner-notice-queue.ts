import { Injectable } from '@nestjs/common';
import {
  type DueOwnerNotice,
  type Lease,
  type OwnerNotice,
  type OwnerNoticeOutcome,
  OwnerNoticeQueue,
} from '@intake/application-chasing';
import { Sql } from '@intake/postgres';

/**
 * The owner_notifications table as the scheduler's queue: rows inserted in the caller's
 * transaction, claimed with FOR UPDATE SKIP LOCKED and leased in the same UPDATE (two schedulers
 * never hold one notice), settled under the lease with what the mail said dropped.
 */
@Injectable()
export class PostgresOwnerNoticeQueue extends OwnerNoticeQueue {
  constructor(private readonly sql: Sql) {
    super();
  }

  async enqueue(notices: readonly OwnerNotice[]): Promise<void> {
    if (notices.length === 0) return;
    await this.sql.query(
      `INSERT INTO owner_notifications (id, account_id, intake_id, mode, recipient, kind, mail, due_at, created_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[],
                            $8::timestamptz[], $9::timestamptz[])`,
      [
        notices.map((n) => n.id),
        notices.map((n) => n.account_id),
        notices.map((n) => n.intake_id),
        notices.map((n) => n.mode),
        notices.map((n) => n.recipient),
        notices.map((n) => n.mail.kind),
        notices.map((n) => JSON.stringify(n.mail)),
        notices.map((n) => n.due_at),
        notices.map((n) => n.created_at),
      ],
    );
  }

  claimDue(now: Date, limit: number, lease: Lease, clock: string | null = null): Promise<DueOwnerNotice[]> {
    // The intake's time line: real time (no test clock, or the intake is gone) or one test clock.
    return this.sql.query<DueOwnerNotice>(
      `WITH due AS (
         SELECT o.id FROM owner_notifications o
          WHERE o.status = 'pending' AND o.due_at <= $1 AND (o.claimed_until IS NULL OR o.claimed_until < $1)
            AND (SELECT i.test_clock_id FROM intakes i WHERE i.id = o.intake_id) IS NOT DISTINCT FROM $5
          ORDER BY o.due_at, o.id
          LIMIT $2
          FOR UPDATE OF o SKIP LOCKED)
       UPDATE owner_notifications n SET claimed_until = $3, claimed_by = $4
         FROM due WHERE n.id = due.id
       RETURNING n.id, n.account_id, n.intake_id, n.mode, n.recipient, n.mail, n.due_at, n.created_at, n.send_attempts`,
      [now, limit, lease.until, lease.worker, clock],
    );
  }

  async settle(noticeId: string, worker: string, outcome: OwnerNoticeOutcome): Promise<boolean> {
    const sent = outcome.status === 'sent';
    const rows = await this.sql.query(
      `UPDATE owner_notifications
          SET status = $3, sent_at = $4, provider_message_id = $5, error = $6,
              mail = jsonb_build_object('kind', kind), claimed_until = NULL, claimed_by = NULL
        WHERE id = $1 AND claimed_by = $2 AND status = 'pending'
        RETURNING id`,
      [
        noticeId,
        worker,
        outcome.status,
        sent ? outcome.at : null,
        sent ? outcome.provider_message_id : null,
        sent ? null : outcome.error,
      ],
    );
    return rows.length === 1;
  }

  async retryLater(noticeId: string, worker: string, retryAt: Date, error: string): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE owner_notifications SET due_at = $3, error = $4, send_attempts = send_attempts + 1,
              claimed_until = NULL, claimed_by = NULL
        WHERE id = $1 AND claimed_by = $2 AND status = 'pending'
        RETURNING id`,
      [noticeId, worker, retryAt, error],
    );
    return rows.length === 1;
  }
}
