import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The scheduler sends chases. A scheduler claims a due chase with a lease (`claimed_until`,
 * `claimed_by`) rather than a new status value, so a crash frees it when the lease runs out; the
 * provider's message id and the addresses a chase went to are kept for bounce handling, with the
 * addresses confirmed delivered; `send_attempts` counts failed tries of a temporary failure.
 */
export class ChaseLeases1795000800000 implements MigrationInterface {
  name = 'ChaseLeases1795000800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE chases
        ADD COLUMN claimed_until       timestamptz,
        ADD COLUMN claimed_by          text,
        ADD COLUMN provider_message_id text,
        ADD COLUMN recipients          text[] NOT NULL DEFAULT '{}',
        ADD COLUMN delivered_to        text[] NOT NULL DEFAULT '{}',
        ADD COLUMN send_attempts       integer NOT NULL DEFAULT 0`);
    await q.query(
      `CREATE INDEX chases_provider_message_idx ON chases (provider_message_id) WHERE provider_message_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX chases_provider_message_idx`);
    await q.query(`
      ALTER TABLE chases
        DROP COLUMN claimed_until, DROP COLUMN claimed_by, DROP COLUMN provider_message_id,
        DROP COLUMN recipients, DROP COLUMN delivered_to, DROP COLUMN send_attempts`);
  }
}
