import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * GET /v1/intakes answers `total`. Counting a large account's intakes on every page is a scan of
 * all of them (27 ms at 100,000), so a trigger keeps the counts per account, mode, creating key,
 * status and folder; a total without `q` or `client_email` is a sum over a few rows.
 */
export class IntakeCounts1795000400000 implements MigrationInterface {
  name = 'IntakeCounts1795000400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE intake_counts (
        account_id        text NOT NULL,
        mode              text NOT NULL,
        created_by_key_id text NOT NULL,
        status            text NOT NULL,
        folder_id         text NOT NULL,
        n                 bigint NOT NULL,
        PRIMARY KEY (account_id, mode, created_by_key_id, status, folder_id)
      )`);
    await q.query(`
      CREATE FUNCTION intake_counts_apply(a text, m text, k text, s text, f text, delta int) RETURNS void LANGUAGE sql AS $$
        INSERT INTO intake_counts (account_id, mode, created_by_key_id, status, folder_id, n)
        VALUES (a, m, coalesce(k, ''), s, coalesce(f, ''), delta)
        ON CONFLICT (account_id, mode, created_by_key_id, status, folder_id) DO UPDATE SET n = intake_counts.n + delta
      $$`);
    await q.query(`
      CREATE FUNCTION intake_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          PERFORM intake_counts_apply(OLD.account_id, OLD.mode, OLD.created_by_key_id, OLD.status, OLD.folder_id, -1);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          PERFORM intake_counts_apply(NEW.account_id, NEW.mode, NEW.created_by_key_id, NEW.status, NEW.folder_id, 1);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER intake_counts_insert_delete AFTER INSERT OR DELETE ON intakes
      FOR EACH ROW EXECUTE FUNCTION intake_counts_track()`);
    await q.query(`
      CREATE TRIGGER intake_counts_update AFTER UPDATE OF status, folder_id, mode, account_id, created_by_key_id ON intakes
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.folder_id IS DISTINCT FROM NEW.folder_id
                         OR OLD.mode IS DISTINCT FROM NEW.mode OR OLD.account_id IS DISTINCT FROM NEW.account_id
                         OR OLD.created_by_key_id IS DISTINCT FROM NEW.created_by_key_id)
      EXECUTE FUNCTION intake_counts_track()`);
    // Intakes that already exist.
    await q.query(`
      INSERT INTO intake_counts (account_id, mode, created_by_key_id, status, folder_id, n)
      SELECT account_id, mode, coalesce(created_by_key_id, ''), status, coalesce(folder_id, ''), count(*)
        FROM intakes GROUP BY 1, 2, 3, 4, 5`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER intake_counts_update ON intakes`);
    await q.query(`DROP TRIGGER intake_counts_insert_delete ON intakes`);
    await q.query(`DROP FUNCTION intake_counts_track()`);
    await q.query(`DROP FUNCTION intake_counts_apply(text, text, text, text, text, int)`);
    await q.query(`DROP TABLE intake_counts`);
  }
}
