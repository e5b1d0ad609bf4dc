import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Test clocks (issue #30): a test-mode clock of an account with its frozen time, the time it is
 * advancing to, and the scheduler's lease while it advances (`claimed_until`, `claimed_by`, as
 * chases have). A test intake created on a clock names it in `intakes.test_clock_id`; the
 * scheduler's real-time passes leave those intakes out, the clock's advance runs them. Deleting a
 * clock deletes its intakes (the use case does it, to remove their files; the cascade is the
 * backstop for an account deleted as a whole).
 */
export class TestClocks1795004500000 implements MigrationInterface {
  name = 'TestClocks1795004500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE test_clocks (
        id            text PRIMARY KEY,
        account_id    text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        name          text,
        frozen_time   timestamptz NOT NULL,
        status        text NOT NULL DEFAULT 'ready' CHECK (status IN ('ready', 'advancing')),
        advancing_to  timestamptz,
        claimed_until timestamptz,
        claimed_by    text,
        created_at    timestamptz NOT NULL,
        CHECK ((status = 'advancing') = (advancing_to IS NOT NULL)),
        CHECK (advancing_to IS NULL OR advancing_to >= frozen_time)
      )`);
    await q.query(`CREATE INDEX test_clocks_account_idx ON test_clocks (account_id, created_at, id)`);
    await q.query(`CREATE INDEX test_clocks_advancing_idx ON test_clocks (id) WHERE status = 'advancing'`);
    await q.query(
      `ALTER TABLE intakes ADD COLUMN test_clock_id text REFERENCES test_clocks (id) ON DELETE CASCADE,
         ADD CONSTRAINT intakes_test_clock_mode CHECK (test_clock_id IS NULL OR mode = 'test')`,
    );
    await q.query(`CREATE INDEX intakes_test_clock_idx ON intakes (test_clock_id) WHERE test_clock_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE intakes DROP COLUMN test_clock_id`);
    await q.query(`DROP TABLE test_clocks`);
  }
}
