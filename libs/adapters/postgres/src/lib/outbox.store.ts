import { Injectable } from '@nestjs/common';
import { Outbox } from '@intake/kernel';
import { Sql } from './unit-of-work';

/** The outbox table: rows written in the caller's transaction, relayed after it commits. */
@Injectable()
export class PostgresOutbox extends Outbox {
  constructor(private readonly sql: Sql) {
    super();
  }

  async append(topic: string, payload: Record<string, unknown>, now: Date): Promise<void> {
    await this.sql.query(`INSERT INTO outbox_messages (topic, payload, created_at) VALUES ($1, $2, $3)`, [
      topic,
      JSON.stringify(payload),
      now,
    ]);
  }
}
