import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Webhook endpoints and their deliveries (issue #13). The deliveries table is the source of truth
 * and the dispatchers' queue: a delivery is `pending` until an attempt succeeds (`delivered`) or
 * the attempts run out or the receiver answers 410 (`failed`). `next_retry_at` is clock time (the
 * test clock drives retries); `lease_until` is the database's real time, so a dispatcher killed
 * mid-send only delays what it held. The relay fans each committed outbox row out once per
 * subscribed endpoint (`outbox_id, endpoint_id` unique). Deleting an endpoint deletes its
 * deliveries; deleting an account deletes its endpoints.
 */
export class Webhooks1795001200000 implements MigrationInterface {
  name = 'Webhooks1795001200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE webhook_endpoints (
        id              text        PRIMARY KEY,
        account_id      text        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        mode            text        NOT NULL CHECK (mode IN ('live', 'test')),
        url             text        NOT NULL,
        events          text[]      NOT NULL,
        format          text        NOT NULL CHECK (format IN ('raw', 'slack', 'discord')),
        secret_sealed   text        NOT NULL,
        active          boolean     NOT NULL DEFAULT true,
        deactivated_at  timestamptz,
        created_at      timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX webhook_endpoints_account_idx ON webhook_endpoints (account_id, mode, created_at, id)`,
    );
    await queryRunner.query(`
      CREATE TABLE webhook_deliveries (
        id             text        PRIMARY KEY,
        endpoint_id    text        NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        account_id     text        NOT NULL,
        outbox_id      bigint,
        event          text        NOT NULL,
        payload        jsonb       NOT NULL,
        status         text        NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts       integer     NOT NULL DEFAULT 0,
        max_attempts   integer     NOT NULL DEFAULT 6,
        next_retry_at  timestamptz,
        lease_until    timestamptz,
        response_code  integer,
        error          text,
        created_at     timestamptz NOT NULL,
        delivered_at   timestamptz,
        UNIQUE (outbox_id, endpoint_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_retry_at) WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX outbox_messages_webhook_unpublished_idx ON outbox_messages (id) WHERE published_at IS NULL AND topic = 'webhook'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX outbox_messages_webhook_unpublished_idx`);
    await queryRunner.query(`DROP TABLE webhook_deliveries`);
    await queryRunner.query(`DROP TABLE webhook_endpoints`);
  }
}
