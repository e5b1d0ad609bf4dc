import { Injectable } from '@nestjs/common';
import { Outbox } from '@intake/kernel';
import { currentTraceparent } from '@intake/tracing';
import { Sql } from './postgres.unit-of-work';

/** The Postgres channel told when webhook events are committed to the outbox (the dispatchers LISTEN). */
export const WEBHOOK_OUTBOX_CHANNEL = 'webhook_outbox';

/**
 * The outbox table: rows written in the caller's transaction, relayed after it commits. A webhook
 * event also notifies `webhook_outbox` in that transaction: PostgreSQL delivers the notification
 * at commit (never for a rollback), so the relay wakes at once instead of at its next poll.
 */
@Injectable()
export class PostgresOutbox extends Outbox {
  constructor(private readonly sql: Sql) {
    super();
  }

  async append(topic: string, payload: Record<string, unknown>, now: Date): Promise<void> {
    // The trace of the request that fired the event (null when tracing is off) rides with it.
    const insert = `INSERT INTO outbox_messages (topic, payload, created_at, trace_context) VALUES ($1, $2, $3, $4)`;
    const params = [topic, JSON.stringify(payload), now, currentTraceparent()];
    if (topic !== 'webhook') {
      await this.sql.query(insert, params);
      return;
    }
    // One round trip; notifications of one channel and payload in a transaction are sent once.
    await this.sql.query(
      `WITH appended AS (${insert} RETURNING id) SELECT pg_notify('${WEBHOOK_OUTBOX_CHANNEL}', '') FROM appended`,
      params,
    );
  }
}
