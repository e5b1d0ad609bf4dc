import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Billing through a payment provider (issue #16): each account's link to one provider customer
 * and the subscription state that decides its plan; the provider events already applied (by id,
 * so each applies once); SMS credits bought in packs (a balance kept across months, spent after
 * the plan's monthly SMS) and, per month, how many SMS that balance paid for (given back first).
 */
export class Billing1795003000000 implements MigrationInterface {
  name = 'Billing1795003000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billing_accounts (
        account_id           text        PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
        customer_id          text        NOT NULL UNIQUE,
        subscription_id      text,
        subscription_created timestamptz,
        subscription_status  text,
        subscription_plan    text,
        state_at             timestamptz,
        grace_until          timestamptz,
        created_at           timestamptz NOT NULL
      )`);
    await q.query(
      `CREATE INDEX billing_accounts_grace_idx ON billing_accounts (grace_until) WHERE grace_until IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE payment_events (
        id          text        PRIMARY KEY,
        type        text        NOT NULL,
        account_id  text        REFERENCES accounts (id) ON DELETE SET NULL,
        received_at timestamptz NOT NULL
      )`);
    await q.query(`ALTER TABLE accounts ADD COLUMN sms_credits integer NOT NULL DEFAULT 0 CHECK (sms_credits >= 0)`);
    await q.query(
      `ALTER TABLE usage_counters ADD COLUMN sms_from_credits integer NOT NULL DEFAULT 0 CHECK (sms_from_credits >= 0)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE usage_counters DROP COLUMN sms_from_credits`);
    await q.query(`ALTER TABLE accounts DROP COLUMN sms_credits`);
    await q.query(`DROP TABLE payment_events`);
    await q.query(`DROP TABLE billing_accounts`);
  }
}
