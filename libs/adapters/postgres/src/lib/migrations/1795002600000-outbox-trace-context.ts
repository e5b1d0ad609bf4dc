import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue #17 (traces): the W3C traceparent of the request that wrote an outbox event, so that the
 * dispatcher's POST continues its trace. Null when tracing was off.
 */
export class OutboxTraceContext1795002600000 implements MigrationInterface {
  name = 'OutboxTraceContext1795002600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_messages ADD COLUMN trace_context text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_messages DROP COLUMN trace_context`);
  }
}
