import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The account's default branding (issue #29): `{display_name, accent_color, logo_url}` as jsonb,
 * null for the plain look. Intakes already have a `branding` column (their own, which replaces
 * the account's as a whole); the values are checked by the domain before they are stored.
 */
export class AccountBranding1795004300000 implements MigrationInterface {
  name = 'AccountBranding1795004300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE accounts ADD COLUMN branding jsonb CHECK (branding IS NULL OR jsonb_typeof(branding) = 'object')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts DROP COLUMN branding`);
  }
}
