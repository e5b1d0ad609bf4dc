import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A scan that fails (clamd unreachable, or refusing a file longer than its StreamMaxLength) is
 * retried with a growing delay rather than on every scheduler pass: the attempts, the last error
 * and the earliest next attempt are kept on the file.
 */
export class ScanRetries1795000700000 implements MigrationInterface {
  name = 'ScanRetries1795000700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE files
        ADD COLUMN scan_attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN scan_error    text,
        ADD COLUMN next_scan_at  timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE files DROP COLUMN scan_attempts, DROP COLUMN scan_error, DROP COLUMN next_scan_at`);
  }
}
