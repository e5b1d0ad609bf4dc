import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { secretBoxOf } from './migration-secrets';

/**
 * Secret items at rest (issue #14). Until now a secret item's answer sat in `items.value` as a
 * JSON string; from here it is `{"sealed": "v2.<key id>.<iv>.<tag>.<ciphertext>"}` (AES-256-GCM,
 * the SecretBox under SECRETS_KEY), and a CHECK keeps any plain text out for good.
 *
 * - The answers already stored are sealed here, in this migration's transaction, with the box the
 *   migrator lends (SECRETS_KEY); without a key the migration stops before changing anything.
 * - `secret_released_at`: the one-time release happened (the value is wiped; the fact and time
 *   stay). `secret_purged_at`: the reveal window passed unrevealed and the scheduler wiped it.
 */
export class SealItemSecrets1795001600000 implements MigrationInterface {
  name = 'SealItemSecrets1795001600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE items
        ADD COLUMN secret_released_at timestamptz,
        ADD COLUMN secret_purged_at   timestamptz`);
    const plain: Array<{ intake_id: string; key: string; value: string }> = await q.query(
      `SELECT intake_id, key, value #>> '{}' AS value FROM items
        WHERE type = 'secret' AND jsonb_typeof(value) = 'string' ORDER BY intake_id, key`,
    );
    if (plain.length > 0) {
      const box = secretBoxOf(q, `${plain.length} secret item answers are stored in plain text and must be sealed`);
      for (const row of plain) {
        await q.query(`UPDATE items SET value = $3 WHERE intake_id = $1 AND key = $2`, [
          row.intake_id,
          row.key,
          JSON.stringify({ sealed: box.seal(row.value) }),
        ]);
      }
    }
    // Other non-object values of a secret item (never written by the service) are dropped rather than kept readable.
    await q.query(`UPDATE items SET value = NULL WHERE type = 'secret' AND jsonb_typeof(value) <> 'object'`);
    await q.query(`
      ALTER TABLE items ADD CONSTRAINT items_secret_sealed CHECK (
        type <> 'secret' OR value IS NULL
        OR (jsonb_typeof(value) = 'object' AND jsonb_typeof(value -> 'sealed') = 'string' AND value - 'sealed' = '{}'::jsonb)
      )`);
    // The scheduler's purge pass: unreleased secrets by submission time.
    await q.query(`
      CREATE INDEX items_secrets_unreleased_idx ON items (submitted_at)
       WHERE type = 'secret' AND value IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX items_secrets_unreleased_idx`);
    await q.query(`ALTER TABLE items DROP CONSTRAINT items_secret_sealed`);
    const sealed: Array<{ intake_id: string; key: string; sealed: string }> = await q.query(
      `SELECT intake_id, key, value ->> 'sealed' AS sealed FROM items WHERE type = 'secret' AND value IS NOT NULL`,
    );
    if (sealed.length > 0) {
      const box = secretBoxOf(q, `${sealed.length} sealed secret item answers must be opened to revert`);
      for (const row of sealed) {
        await q.query(`UPDATE items SET value = $3 WHERE intake_id = $1 AND key = $2`, [
          row.intake_id,
          row.key,
          JSON.stringify(box.open(row.sealed)),
        ]);
      }
    }
    await q.query(`ALTER TABLE items DROP COLUMN secret_released_at, DROP COLUMN secret_purged_at`);
  }
}
