import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The transactional outbox (docs/adr/0001-outbox-in-the-same-transaction.md): state changes and the events they emit are
 * written in one transaction; the scheduler's relay moves committed rows to the queues.
 */
export class CreateOutbox1795000000000 implements MigrationInterface {
  name = 'CreateOutbox1795000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox_messages (
        id            bigserial PRIMARY KEY,
        topic         text        NOT NULL,
        payload       jsonb       NOT NULL,
        created_at    timestamptz NOT NULL,
        published_at  timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX outbox_messages_unpublished_idx ON outbox_messages (id) WHERE published_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE outbox_messages`);
  }
}
