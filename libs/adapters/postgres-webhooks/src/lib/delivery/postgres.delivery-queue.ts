import { Injectable } from '@nestjs/common';
import { type DeliveryOutcome, DeliveryQueue, type DueDelivery, type Lease } from '@intake/application-webhooks';
import { Sql } from '@intake/postgres';
import { DELIVERIES_CHANNEL } from '../postgres.webhook-delivery-log';

/** A claimed row as the statement returns it: the delivery's columns and its endpoint's, side by side. */
type ClaimedRow = Omit<DueDelivery, 'endpoint' | 'trace_context'> &
  DueDelivery['endpoint'] & { trace_context: string | null };

/**
 * webhook_deliveries as the dispatchers' queue. A claim is one statement: the due rows locked with
 * FOR UPDATE SKIP LOCKED (through the partial index of pending rows by next_retry_at) and leased
 * until the database's `now()` plus the lease, under the claim's token, joined with their
 * endpoints. Outcomes of a group are one UPDATE … FROM unnest, guarded by the token.
 */
@Injectable()
export class PostgresDeliveryQueue extends DeliveryQueue {
  constructor(private readonly sql: Sql) {
    super();
  }

  async claimDue(now: Date, limit: number, lease: Lease): Promise<DueDelivery[]> {
    if (limit <= 0) return [];
    const rows = await this.sql.query<ClaimedRow>(
      `WITH due AS (
         SELECT id FROM webhook_deliveries
          WHERE status = 'pending' AND next_retry_at <= $1 AND (lease_until IS NULL OR lease_until < now())
          ORDER BY next_retry_at
          LIMIT $2
          FOR UPDATE SKIP LOCKED)
       UPDATE webhook_deliveries d
          SET lease_until = now() + make_interval(secs => $3), lease_token = $4
         FROM due, webhook_endpoints e
        WHERE d.id = due.id AND e.id = d.endpoint_id
       RETURNING d.id, d.endpoint_id, d.account_id, d.event, d.payload, d.attempts, d.max_attempts, d.lease_token,
                 e.url, e.format, e.secret_sealed, e.active,
                 (SELECT o.trace_context FROM outbox_messages o WHERE o.id = d.outbox_id) AS trace_context`,
      [now, limit, lease.seconds, lease.token],
    );
    return rows.map(({ url, format, secret_sealed, active, trace_context, ...delivery }) => ({
      ...delivery,
      ...(trace_context ? { trace_context } : {}),
      endpoint: { url, format, secret_sealed, active },
    }));
  }

  async record(outcomes: readonly DeliveryOutcome[], now: Date): Promise<number> {
    if (outcomes.length === 0) return 0;
    const [row] = await this.sql.query<{ recorded: number }>(
      `WITH o AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[], $4::text[], $5::int[], $6::text[],
                              $7::timestamptz[], $8::timestamptz[], $9::boolean[])
                AS o(id, lease_token, attempted, status, response_code, error, next_retry_at, delivered_at, deactivate)),
       recorded AS (
         UPDATE webhook_deliveries d
            SET status = o.status,
                attempts = d.attempts + CASE WHEN o.attempted THEN 1 ELSE 0 END,
                response_code = CASE WHEN o.attempted THEN o.response_code ELSE d.response_code END,
                error = o.error,
                next_retry_at = o.next_retry_at,
                delivered_at = o.delivered_at,
                lease_until = NULL,
                lease_token = NULL
           FROM o
          WHERE d.id = o.id AND d.lease_token = o.lease_token AND d.status = 'pending'
         RETURNING d.endpoint_id, o.deactivate),
       deactivated AS (
         UPDATE webhook_endpoints SET active = false, deactivated_at = $10
          WHERE id IN (SELECT endpoint_id FROM recorded WHERE deactivate) AND active
         RETURNING 1)
       SELECT (SELECT count(*) FROM recorded)::int AS recorded, (SELECT count(*) FROM deactivated)::int AS deactivated`,
      [
        outcomes.map((o) => o.delivery_id),
        outcomes.map((o) => o.lease_token),
        outcomes.map((o) => o.attempted),
        outcomes.map((o) => o.status),
        outcomes.map((o) => o.response_code),
        outcomes.map((o) => o.error),
        outcomes.map((o) => o.next_retry_at),
        outcomes.map((o) => o.delivered_at),
        outcomes.map((o) => o.deactivate_endpoint),
        now,
      ],
    );
    return row?.recorded ?? 0;
  }

  async settled(now: Date): Promise<boolean> {
    const [row] = await this.sql.query<{ settled: boolean }>(
      `SELECT NOT EXISTS (SELECT 1 FROM webhook_deliveries
                           WHERE status = 'pending' AND (next_retry_at <= $1 OR lease_until > now()))
          AND NOT EXISTS (SELECT 1 FROM outbox_messages WHERE topic = 'webhook' AND published_at IS NULL) AS settled`,
      [now],
    );
    return row?.settled === true;
  }

  async wake(): Promise<void> {
    await this.sql.query(`SELECT pg_notify('${DELIVERIES_CHANNEL}', '')`);
  }
}
