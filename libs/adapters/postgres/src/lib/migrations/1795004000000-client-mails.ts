import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The client's thank-you and new-items mails (issue #29) go through the chases table like
 * invitations and reminders (queue, lease, retries, bounces): two more kinds, which the status
 * endpoint's `chases[]` does not show, and the keys of the items an `items_added` mail names.
 * Whether a completion thanks the client: the account's `send_thank_you` (on by default) and the
 * intake's own `send_thank_you` (null follows the account).
 */
export class ClientMails1795004000000 implements MigrationInterface {
  name = 'ClientMails1795004000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chases DROP CONSTRAINT chases_kind_check`);
    await q.query(`
      ALTER TABLE chases
        ADD CONSTRAINT chases_kind_check
          CHECK (kind IN ('invite', 'reminder', 'revision', 'manual', 'thank_you', 'items_added')),
        ADD COLUMN item_keys text[]`);
    await q.query(`ALTER TABLE accounts ADD COLUMN send_thank_you boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE intakes ADD COLUMN send_thank_you boolean`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE intakes DROP COLUMN send_thank_you`);
    await q.query(`ALTER TABLE accounts DROP COLUMN send_thank_you`);
    await q.query(`DELETE FROM chases WHERE kind IN ('thank_you', 'items_added')`);
    await q.query(`ALTER TABLE chases DROP COLUMN item_keys, DROP CONSTRAINT chases_kind_check`);
    await q.query(`
      ALTER TABLE chases
        ADD CONSTRAINT chases_kind_check CHECK (kind IN ('invite', 'reminder', 'revision', 'manual'))`);
  }
}
