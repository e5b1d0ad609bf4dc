import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A search with another filter at a million intakes (issue #19). `q` with status, folder or
 * client e-mail counts its total over the filtered matches; when `q` matches most of an account
 * that count read the wide `intakes` rows (~300 ms at 1,000,000). `intake_search` now carries
 * the two other filters' columns, `status` and `folder_id`, kept by its trigger (which fires on
 * their changes too), so the count scans the narrow table instead. Rebuilt from its `_fresh` view.
 */
export class SearchFilters1795003600000 implements MigrationInterface {
  name = 'SearchFilters1795003600000';

  async up(q: QueryRunner): Promise<void> {
    await this.rebuild(q, ['status text NOT NULL', 'folder_id text'], ['status', 'folder_id']);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE intake_search DROP COLUMN status, DROP COLUMN folder_id`);
    await this.rebuild(q, [], []);
  }

  /**
   * The table emptied and refilled from a view with `extra` columns (added, typed, by `add`),
   * its GIN index rebuilt after the load, and its trigger keeping them, firing on their changes.
   */
  private async rebuild(q: QueryRunner, add: string[], extra: string[]): Promise<void> {
    await q.query(`DROP TRIGGER intake_search_update ON intakes`);
    await q.query(`DROP INDEX intake_search_fields_idx`);
    await q.query(`DROP VIEW intake_search_fresh`);
    await q.query(`TRUNCATE intake_search`);
    if (add.length) await q.query(`ALTER TABLE intake_search ${add.map((c) => `ADD COLUMN ${c}`).join(', ')}`);
    const columns = ['project', 'client_name', 'client_email', ...extra];
    const fresh = ['lower(project_name)', 'lower(client_name)', 'lower(client_email)', ...extra];
    await q.query(`
      CREATE VIEW intake_search_fresh AS
        SELECT id AS intake_id, account_id, mode, created_by_key_id, created_at,
               ${fresh.map((expr, i) => `${expr} AS ${columns[i]}`).join(', ')}
          FROM intakes`);
    await q.query(`INSERT INTO intake_search SELECT * FROM intake_search_fresh`);
    await q.query(`
      CREATE INDEX intake_search_fields_idx ON intake_search
        USING gin (account_id, project gin_trgm_ops, client_name gin_trgm_ops, client_email gin_trgm_ops)`);
    const all = ['account_id', 'mode', 'created_by_key_id', 'created_at', ...columns];
    const values = ['NEW.account_id', 'NEW.mode', 'NEW.created_by_key_id', 'NEW.created_at']
      .concat(['lower(NEW.project_name)', 'lower(NEW.client_name)', 'lower(NEW.client_email)'])
      .concat(extra.map((c) => `NEW.${c}`));
    await q.query(`
      CREATE OR REPLACE FUNCTION intake_search_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          DELETE FROM intake_search WHERE intake_id = OLD.id;
          RETURN NULL;
        END IF;
        INSERT INTO intake_search AS s (intake_id, ${all.join(', ')})
        VALUES (NEW.id, ${values.join(', ')})
        ON CONFLICT (intake_id) DO UPDATE SET ${all.map((c) => `${c} = EXCLUDED.${c}`).join(', ')};
        RETURN NULL;
      END $$`);
    const fired = [
      'project_name',
      'client_name',
      'client_email',
      'mode',
      'account_id',
      'created_by_key_id',
      'created_at',
      ...extra,
    ];
    await q.query(`
      CREATE TRIGGER intake_search_update AFTER UPDATE OF ${fired.join(', ')} ON intakes
      FOR EACH ROW WHEN (${fired.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ')})
      EXECUTE FUNCTION intake_search_track()`);
  }
}
