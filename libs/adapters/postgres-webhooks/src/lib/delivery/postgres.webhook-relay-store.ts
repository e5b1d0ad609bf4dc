import { Injectable } from '@nestjs/common';
import {
  type NewDelivery,
  type OutboxWebhookEvent,
  type Subscriber,
  WebhookRelayStore,
} from '@intake/application-webhooks';
import { Sql } from '@intake/postgres';
import { DELIVERIES_CHANNEL } from '../postgres.webhook-delivery-log';

/**
 * The relay on PostgreSQL: events claimed with FOR UPDATE SKIP LOCKED through the partial index of
 * unpublished webhook rows; the fan-out, the mark and the wake-up in one statement (the NOTIFY
 * reaches the dispatchers when the transaction commits).
 */
@Injectable()
export class PostgresWebhookRelayStore extends WebhookRelayStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  claimEvents(limit: number): Promise<OutboxWebhookEvent[]> {
    return this.sql.query<OutboxWebhookEvent>(
      `SELECT id::text AS outbox_id, payload->>'account_id' AS account_id, payload->>'mode' AS mode,
              payload->'payload' AS payload
         FROM outbox_messages
        WHERE topic = 'webhook' AND published_at IS NULL
        ORDER BY id
        LIMIT $1
        FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  async subscribers(accountIds: readonly string[]): Promise<Subscriber[]> {
    if (accountIds.length === 0) return [];
    return this.sql.query<Subscriber>(
      `SELECT id AS endpoint_id, account_id, mode, events
         FROM webhook_endpoints
        WHERE account_id = ANY($1::text[]) AND active`,
      [accountIds],
    );
  }

  async fanOut(deliveries: readonly NewDelivery[], relayed: readonly string[], now: Date): Promise<number> {
    const [row] = await this.sql.query<{ inserted: number }>(
      `WITH inserted AS (
         INSERT INTO webhook_deliveries (id, endpoint_id, account_id, outbox_id, event, payload, status, next_retry_at, created_at)
         SELECT d.id, d.endpoint_id, d.account_id, d.outbox_id, d.event, d.payload, 'pending', $7, $7
           FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::jsonb[])
                AS d(id, endpoint_id, account_id, outbox_id, event, payload)
         ON CONFLICT (outbox_id, endpoint_id) DO NOTHING
         RETURNING 1),
       published AS (
         UPDATE outbox_messages SET published_at = $7 WHERE id = ANY($8::bigint[]) RETURNING 1)
       SELECT (SELECT count(*) FROM inserted)::int AS inserted,
              (SELECT count(*) FROM published)::int AS published,
              CASE WHEN EXISTS (SELECT 1 FROM inserted) THEN pg_notify('${DELIVERIES_CHANNEL}', '') END AS woke`,
      [
        deliveries.map((d) => d.id),
        deliveries.map((d) => d.endpoint_id),
        deliveries.map((d) => d.account_id),
        deliveries.map((d) => d.outbox_id),
        deliveries.map((d) => d.event),
        deliveries.map((d) => JSON.stringify(d.payload)),
        now,
        relayed,
      ],
    );
    return row?.inserted ?? 0;
  }
}
