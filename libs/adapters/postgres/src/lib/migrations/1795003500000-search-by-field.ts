import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Search that stays fast at a million intakes (issue #19, item 2). `q` matched one lower-cased
 * string per intake (project, client name and e-mail joined); a narrow search of a client's
 * e-mail had to intersect trigram posting lists that every intake shares ("cli", "ent", "@ex"),
 * and the exact total of a broad one counted the account's rows one by one.
 *
 * - `intake_search` keeps the three fields apart (`project`, `client_name`, `client_email`, lower
 *   case): `q` matches when one of them contains it, as the OpenAPI document says ("substring over project
 *   name, client name, client e-mail"), no longer across the joint of two. One GIN index over the
 *   three (`account_id` first, btree_gin).
 * - `intake_client_texts`: how many intakes each (client name, client e-mail) has per account,
 *   mode and creating key (`''` for none, as `intake_counts`), kept by a trigger in the writing
 *   transaction; a few thousand rows per account. The intakes a `q` finds through their client
 *   are counted from it (a sum over the matching pairs), and found through the client e-mail
 *   index when they are few.
 *
 * The `*_fresh` views compute both from scratch for the back-fill and ReconcileReadModels.
 */
export class SearchByField1795003500000 implements MigrationInterface {
  name = 'SearchByField1795003500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX intake_search_trgm_idx`);
    await q.query(`DROP VIEW intake_search_fresh`);
    await q.query(`TRUNCATE intake_search`);
    await q.query(`ALTER TABLE intake_search DROP COLUMN search`);
    await q.query(`
      ALTER TABLE intake_search
        ADD COLUMN project      text NOT NULL,
        ADD COLUMN client_name  text NOT NULL,
        ADD COLUMN client_email text NOT NULL`);
    await q.query(`
      CREATE VIEW intake_search_fresh AS
        SELECT id AS intake_id, account_id, mode, created_by_key_id, created_at,
               lower(project_name) AS project, lower(client_name) AS client_name, lower(client_email) AS client_email
          FROM intakes`);
    await q.query(`INSERT INTO intake_search SELECT * FROM intake_search_fresh`);
    await q.query(`
      CREATE INDEX intake_search_fields_idx ON intake_search
        USING gin (account_id, project gin_trgm_ops, client_name gin_trgm_ops, client_email gin_trgm_ops)`);
    await q.query(`
      CREATE OR REPLACE FUNCTION intake_search_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          DELETE FROM intake_search WHERE intake_id = OLD.id;
          RETURN NULL;
        END IF;
        INSERT INTO intake_search AS s (intake_id, account_id, mode, created_by_key_id, created_at, project, client_name, client_email)
        VALUES (NEW.id, NEW.account_id, NEW.mode, NEW.created_by_key_id, NEW.created_at,
                lower(NEW.project_name), lower(NEW.client_name), lower(NEW.client_email))
        ON CONFLICT (intake_id) DO UPDATE SET account_id = EXCLUDED.account_id, mode = EXCLUDED.mode,
          created_by_key_id = EXCLUDED.created_by_key_id, created_at = EXCLUDED.created_at,
          project = EXCLUDED.project, client_name = EXCLUDED.client_name, client_email = EXCLUDED.client_email;
        RETURN NULL;
      END $$`);

    await q.query(`
      CREATE TABLE intake_client_texts (
        account_id        text NOT NULL,
        mode              text NOT NULL,
        created_by_key_id text NOT NULL,
        client_name       text NOT NULL,
        client_email      text NOT NULL,
        n                 int NOT NULL,
        PRIMARY KEY (account_id, mode, created_by_key_id, client_email, client_name)
      )`);
    await q.query(`
      CREATE INDEX intake_client_texts_search_idx ON intake_client_texts
        USING gin (account_id, client_name gin_trgm_ops, client_email gin_trgm_ops)`);
    await q.query(`
      CREATE VIEW intake_client_texts_fresh AS
        SELECT account_id, mode, coalesce(created_by_key_id, '') AS created_by_key_id,
               lower(client_name) AS client_name, lower(client_email) AS client_email, count(*)::int AS n
          FROM intakes GROUP BY 1, 2, 3, 4, 5`);
    await q.query(`INSERT INTO intake_client_texts SELECT * FROM intake_client_texts_fresh`);
    // A pair whose last intake went is deleted, so renames leave nothing behind.
    await q.query(`
      CREATE FUNCTION intake_client_texts_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        remaining int;
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          UPDATE intake_client_texts SET n = n - 1
           WHERE account_id = OLD.account_id AND mode = OLD.mode AND created_by_key_id = coalesce(OLD.created_by_key_id, '')
             AND client_email = lower(OLD.client_email) AND client_name = lower(OLD.client_name)
          RETURNING n INTO remaining;
          IF FOUND AND remaining <= 0 THEN
            DELETE FROM intake_client_texts
             WHERE account_id = OLD.account_id AND mode = OLD.mode AND created_by_key_id = coalesce(OLD.created_by_key_id, '')
               AND client_email = lower(OLD.client_email) AND client_name = lower(OLD.client_name) AND n <= 0;
          END IF;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO intake_client_texts AS t (account_id, mode, created_by_key_id, client_name, client_email, n)
          VALUES (NEW.account_id, NEW.mode, coalesce(NEW.created_by_key_id, ''), lower(NEW.client_name), lower(NEW.client_email), 1)
          ON CONFLICT (account_id, mode, created_by_key_id, client_email, client_name) DO UPDATE SET n = t.n + 1;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER intake_client_texts_insert_delete AFTER INSERT OR DELETE ON intakes
      FOR EACH ROW EXECUTE FUNCTION intake_client_texts_track()`);
    await q.query(`
      CREATE TRIGGER intake_client_texts_update
      AFTER UPDATE OF client_name, client_email, mode, account_id, created_by_key_id ON intakes
      FOR EACH ROW WHEN (lower(OLD.client_name) IS DISTINCT FROM lower(NEW.client_name)
                         OR lower(OLD.client_email) IS DISTINCT FROM lower(NEW.client_email)
                         OR OLD.mode IS DISTINCT FROM NEW.mode OR OLD.account_id IS DISTINCT FROM NEW.account_id
                         OR OLD.created_by_key_id IS DISTINCT FROM NEW.created_by_key_id)
      EXECUTE FUNCTION intake_client_texts_track()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER intake_client_texts_update ON intakes`);
    await q.query(`DROP TRIGGER intake_client_texts_insert_delete ON intakes`);
    await q.query(`DROP FUNCTION intake_client_texts_track()`);
    await q.query(`DROP VIEW intake_client_texts_fresh`);
    await q.query(`DROP TABLE intake_client_texts`);
    await q.query(`DROP INDEX intake_search_fields_idx`);
    await q.query(`DROP VIEW intake_search_fresh`);
    await q.query(`TRUNCATE intake_search`);
    await q.query(`ALTER TABLE intake_search DROP COLUMN project, DROP COLUMN client_name, DROP COLUMN client_email`);
    await q.query(`ALTER TABLE intake_search ADD COLUMN search text NOT NULL`);
    await q.query(`
      CREATE VIEW intake_search_fresh AS
        SELECT id AS intake_id, account_id, mode, created_by_key_id, created_at,
               lower(project_name || ' ' || client_name || ' ' || client_email) AS search
          FROM intakes`);
    await q.query(`INSERT INTO intake_search SELECT * FROM intake_search_fresh`);
    await q.query(`CREATE INDEX intake_search_trgm_idx ON intake_search USING gin (account_id, search gin_trgm_ops)`);
    await q.query(`
      CREATE OR REPLACE FUNCTION intake_search_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          DELETE FROM intake_search WHERE intake_id = OLD.id;
          RETURN NULL;
        END IF;
        INSERT INTO intake_search AS s (intake_id, account_id, mode, created_by_key_id, created_at, search)
        VALUES (NEW.id, NEW.account_id, NEW.mode, NEW.created_by_key_id, NEW.created_at,
                lower(NEW.project_name || ' ' || NEW.client_name || ' ' || NEW.client_email))
        ON CONFLICT (intake_id) DO UPDATE SET account_id = EXCLUDED.account_id, mode = EXCLUDED.mode,
          created_by_key_id = EXCLUDED.created_by_key_id, created_at = EXCLUDED.created_at, search = EXCLUDED.search;
        RETURN NULL;
      END $$`);
  }
}
