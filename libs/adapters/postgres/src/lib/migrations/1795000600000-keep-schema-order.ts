import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A structured item's schema is a form: its properties' order is the order the client sees them
 * in. jsonb stores object keys sorted (shorter first), so the schema and the templates' item
 * definitions move to json, which keeps the text as written. Neither is ever queried inside.
 * (Rows written before this migration keep the order jsonb gave them.)
 */
export class KeepSchemaOrder1795000600000 implements MigrationInterface {
  name = 'KeepSchemaOrder1795000600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE items ALTER COLUMN schema TYPE json USING schema::json`);
    await q.query(`ALTER TABLE templates ALTER COLUMN items TYPE json USING items::json`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE items ALTER COLUMN schema TYPE jsonb USING schema::jsonb`);
    await q.query(`ALTER TABLE templates ALTER COLUMN items TYPE jsonb USING items::jsonb`);
  }
}
