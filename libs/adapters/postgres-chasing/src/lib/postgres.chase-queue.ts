import { Injectable } from '@nestjs/common';
import { type ChaseOutcome, ChaseQueue, type DueChase, type Lease, type Settlement } from '@intake/application-chasing';
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

  claimDue(now: Date, limit: number, lease: Lease, clock: string | null = null): Promise<DueChase[]> {
    // The intake's time line: real time (no test clock) or the one test clock being advanced.
    return this.sql.query<DueChase>(
      `WITH due AS (
         SELECT c.id FROM chases c JOIN intakes i ON i.id = c.intake_id
          WHERE c.status = 'scheduled' AND c.scheduled_at <= $1
            AND (c.claimed_until IS NULL OR c.claimed_until < $1)
            AND i.test_clock_id IS NOT DISTINCT FROM $5
          ORDER BY c.scheduled_at, c.id
          LIMIT $2
          FOR UPDATE OF c SKIP LOCKED)
       UPDATE chases c SET claimed_until = $3, claimed_by = $4
         FROM due, intakes i
        WHERE c.id = due.id AND i.id = c.intake_id
       RETURNING c.id, c.intake_id, i.account_id, c.channel, c.kind, c.attempt_no, c.scheduled_at, c.send_attempts,
                 c.item_keys`,
      [now, limit, lease.until, lease.worker, clock],
    );
  }

  async settle(chaseId: string, worker: string, outcome: ChaseOutcome): Promise<boolean> {
    return (await this.settleMany(worker, [{ chaseId, outcome }])).length === 1;
  }

  /** One UPDATE for the lot: the outcomes travel as one JSON array. */
  async settleMany(worker: string, settlements: readonly Settlement[]): Promise<string[]> {
    if (settlements.length === 0) return [];
    const rows = settlements.map(({ chaseId, outcome }) =>
      outcome.status === 'sent'
        ? {
            id: chaseId,
            status: 'sent',
            at: outcome.at,
            error: null,
            provider_message_id: outcome.provider_message_id,
            recipients: outcome.recipients,
            missing_items_count: outcome.missing_items_count,
          }
        : { id: chaseId, status: outcome.status, at: outcome.at, error: outcome.error, recipients: [] },
    );
    const settled = await this.sql.query<{ id: string }>(
      `UPDATE chases c
          SET status = v.status,
              sent_at = CASE WHEN v.status = 'sent' THEN v.at ELSE c.sent_at END,
              error = v.error, provider_message_id = v.provider_message_id,
              recipients = ARRAY(SELECT jsonb_array_elements_text(v.recipients)),
              missing_items_count = COALESCE(v.missing_items_count, c.missing_items_count),
              claimed_until = NULL, claimed_by = NULL
         FROM jsonb_to_recordset($2::jsonb) AS v(id text, status text, at timestamptz, error text,
                                                 provider_message_id text, recipients jsonb, missing_items_count int)
        WHERE c.id = v.id AND c.claimed_by = $1 AND c.status = 'scheduled'
        RETURNING c.id`,
      [worker, JSON.stringify(rows)],
    );
    return settled.map((r) => r.id);
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
