import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * GET /v1/intakes/:id/results with `only_new` (issue #14): per API key and intake, when that key
 * last collected the intake's results. Gone with the key or the intake.
 */
export class ResultCursors1795001700000 implements MigrationInterface {
  name = 'ResultCursors1795001700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE result_cursors (
        api_key_id   text        NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
        intake_id    text        NOT NULL REFERENCES intakes (id) ON DELETE CASCADE,
        collected_at timestamptz NOT NULL,
        PRIMARY KEY (api_key_id, intake_id)
      )`);
    await q.query(`CREATE INDEX result_cursors_intake_idx ON result_cursors (intake_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE result_cursors`);
  }
}
