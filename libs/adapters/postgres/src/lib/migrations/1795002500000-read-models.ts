import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Reads that stay fast as an account grows (issue #19). GET /v1/clients, its `q`, GET /v1/folders
 * and `q` on GET /v1/intakes aggregated or scanned the account's whole intake table on every
 * request. Triggers on `intakes` now keep, in the writing transaction:
 *
 * - `client_stats`: one row per account, scope and client (lower(e-mail)) with the intake count,
 *   the latest intake (id, created_at) and the latest intake's `lower(name || ' ' || e-mail)` for
 *   `q`. A scope is what one kind of caller sees (access-sql.ts): `*` every intake (a session),
 *   `live` / `test` the intakes of a mode, `key:<id>` the test intakes one test key created.
 *   Anonymized intakes have no client and are left out, as before.
 * - `client_totals`: the number of clients per account and scope (the list's `total`).
 * - `intake_search`: per intake the text `q` matches (project, client name, client e-mail, lower
 *   case), with the access columns and created_at, in a narrow table: a broad search counts its
 *   matches over ~100-byte rows instead of the wide intake rows.
 *
 * - `audit_counts`: audit entries per account, action and actor (GET /v1/audit's `total`).
 *
 * The `*_fresh` views compute the same rows from scratch: the migration back-fills from them and
 * ReconcileReadModels compares with them. Folder counts come from `intake_counts` (1795000400000).
 */
export class ReadModels1795002500000 implements MigrationInterface {
  name = 'ReadModels1795002500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gin`);

    // Which client scopes an intake belongs to (see above).
    await q.query(`
      CREATE FUNCTION intake_client_scopes(m text, k text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN m = 'test' AND k IS NOT NULL THEN ARRAY['*', m, 'key:' || k] ELSE ARRAY['*', m] END
      $$`);

    await q.query(`
      CREATE TABLE client_stats (
        account_id     text NOT NULL,
        scope          text NOT NULL,
        email_key      text NOT NULL,
        intake_count   int NOT NULL,
        last_intake_id text NOT NULL,
        last_intake_at timestamptz NOT NULL,
        search         text NOT NULL,
        PRIMARY KEY (account_id, scope, email_key)
      )`);
    await q.query(`
      CREATE INDEX client_stats_order_idx
        ON client_stats (account_id, scope, intake_count DESC, last_intake_at DESC, last_intake_id DESC)`);
    await q.query(
      `CREATE INDEX client_stats_search_idx ON client_stats USING gin (account_id, scope, search gin_trgm_ops)`,
    );
    await q.query(`
      CREATE TABLE client_totals (
        account_id text NOT NULL,
        scope      text NOT NULL,
        clients    int NOT NULL,
        PRIMARY KEY (account_id, scope)
      )`);
    await q.query(`
      CREATE TABLE intake_search (
        intake_id         text PRIMARY KEY,
        account_id        text NOT NULL,
        mode              text NOT NULL,
        created_by_key_id text,
        created_at        timestamptz NOT NULL,
        search            text NOT NULL
      )`);
    await q.query(`CREATE INDEX intake_search_list_idx ON intake_search (account_id, created_at DESC, intake_id DESC)`);
    await q.query(`CREATE INDEX intake_search_trgm_idx ON intake_search USING gin (account_id, search gin_trgm_ops)`);
    // Replaced by intake_search_trgm_idx: one index less to maintain on every intake write.
    await q.query(`DROP INDEX IF EXISTS intakes_search_idx`);
    // The latest intake of a client (recomputed when it goes) without a sort.
    await q.query(`DROP INDEX IF EXISTS intakes_client_email_idx`);
    await q.query(
      `CREATE INDEX intakes_client_email_idx ON intakes (account_id, lower(client_email), created_at DESC, id DESC)`,
    );

    // A session's list (both modes) in its order without a sort of the account's intakes: the
    // (account_id, mode, …) indexes serve only a key's list.
    await q.query(`CREATE INDEX intakes_account_list_idx ON intakes (account_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX intakes_account_status_idx ON intakes (account_id, status, created_at DESC, id DESC)`);

    // From scratch: the same columns in the same order as the tables.
    await q.query(`
      CREATE VIEW client_stats_fresh AS
        SELECT DISTINCT ON (i.account_id, s.scope, lower(i.client_email))
               i.account_id, s.scope, lower(i.client_email) AS email_key,
               (count(*) OVER (PARTITION BY i.account_id, s.scope, lower(i.client_email)))::int AS intake_count,
               i.id AS last_intake_id, i.created_at AS last_intake_at,
               lower(i.client_name || ' ' || i.client_email) AS search
          FROM intakes i CROSS JOIN LATERAL unnest(intake_client_scopes(i.mode, i.created_by_key_id)) AS s(scope)
         WHERE i.anonymized_at IS NULL
         ORDER BY i.account_id, s.scope, lower(i.client_email), i.created_at DESC, i.id DESC`);
    await q.query(`
      CREATE VIEW client_totals_fresh AS
        SELECT account_id, scope, count(*)::int AS clients FROM client_stats_fresh GROUP BY account_id, scope`);
    await q.query(`
      CREATE VIEW intake_search_fresh AS
        SELECT id AS intake_id, account_id, mode, created_by_key_id, created_at,
               lower(project_name || ' ' || client_name || ' ' || client_email) AS search
          FROM intakes`);
    await q.query(`
      CREATE VIEW intake_counts_fresh AS
        SELECT account_id, mode, coalesce(created_by_key_id, '') AS created_by_key_id, status,
               coalesce(folder_id, '') AS folder_id, count(*) AS n
          FROM intakes GROUP BY 1, 2, 3, 4, 5`);

    await q.query(`
      CREATE FUNCTION client_stats_add(a text, s text, e text, intake text, at timestamptz, words text)
      RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        created boolean;
      BEGIN
        INSERT INTO client_stats AS c (account_id, scope, email_key, intake_count, last_intake_id, last_intake_at, search)
        VALUES (a, s, e, 1, intake, at, words)
        ON CONFLICT (account_id, scope, email_key) DO UPDATE SET
          intake_count = c.intake_count + 1,
          last_intake_id = CASE WHEN (at, intake) > (c.last_intake_at, c.last_intake_id) THEN intake ELSE c.last_intake_id END,
          last_intake_at = CASE WHEN (at, intake) > (c.last_intake_at, c.last_intake_id) THEN at ELSE c.last_intake_at END,
          search = CASE WHEN (at, intake) > (c.last_intake_at, c.last_intake_id) THEN words ELSE c.search END
        RETURNING (xmax = 0) INTO created;
        IF created THEN
          INSERT INTO client_totals AS t (account_id, scope, clients) VALUES (a, s, 1)
          ON CONFLICT (account_id, scope) DO UPDATE SET clients = t.clients + 1;
        END IF;
      END $$`);
    // The row is locked by the UPDATE before the latest intake is looked up again, and every
    // statement of a plpgsql function reads a fresh snapshot: a concurrent writer's committed
    // intake is seen, an uncommitted one waits for this row and then compares itself.
    await q.query(`
      CREATE FUNCTION client_stats_remove(a text, s text, e text, intake text) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        remaining int;
        latest_id text;
        latest record;
      BEGIN
        UPDATE client_stats SET intake_count = intake_count - 1
         WHERE account_id = a AND scope = s AND email_key = e
        RETURNING intake_count, last_intake_id INTO remaining, latest_id;
        IF NOT FOUND THEN
          RETURN; -- drift (ReconcileReadModels repairs it)
        END IF;
        IF remaining > 0 AND latest_id = intake THEN
          SELECT i.id, i.created_at, lower(i.client_name || ' ' || i.client_email) AS words INTO latest
            FROM intakes i
           WHERE i.account_id = a AND lower(i.client_email) = e AND i.anonymized_at IS NULL
             AND s = ANY (intake_client_scopes(i.mode, i.created_by_key_id))
           ORDER BY i.created_at DESC, i.id DESC LIMIT 1;
          IF FOUND THEN
            UPDATE client_stats SET last_intake_id = latest.id, last_intake_at = latest.created_at, search = latest.words
             WHERE account_id = a AND scope = s AND email_key = e;
            RETURN;
          END IF;
        END IF;
        IF remaining <= 0 OR latest_id = intake THEN
          DELETE FROM client_stats WHERE account_id = a AND scope = s AND email_key = e;
          UPDATE client_totals SET clients = clients - 1 WHERE account_id = a AND scope = s;
        END IF;
      END $$`);
    await q.query(`
      CREATE FUNCTION client_stats_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        s text;
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.account_id = NEW.account_id AND lower(OLD.client_email) = lower(NEW.client_email)
           AND OLD.mode = NEW.mode AND OLD.created_by_key_id IS NOT DISTINCT FROM NEW.created_by_key_id
           AND OLD.created_at = NEW.created_at AND (OLD.anonymized_at IS NULL) = (NEW.anonymized_at IS NULL) THEN
          -- The same client: only the name (or the e-mail's case) of this intake changed.
          UPDATE client_stats SET search = lower(NEW.client_name || ' ' || NEW.client_email)
           WHERE account_id = NEW.account_id AND email_key = lower(NEW.client_email) AND last_intake_id = NEW.id
             AND scope = ANY (intake_client_scopes(NEW.mode, NEW.created_by_key_id));
          RETURN NULL;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.anonymized_at IS NULL THEN
          FOREACH s IN ARRAY intake_client_scopes(OLD.mode, OLD.created_by_key_id) LOOP
            PERFORM client_stats_remove(OLD.account_id, s, lower(OLD.client_email), OLD.id);
          END LOOP;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.anonymized_at IS NULL THEN
          FOREACH s IN ARRAY intake_client_scopes(NEW.mode, NEW.created_by_key_id) LOOP
            PERFORM client_stats_add(NEW.account_id, s, lower(NEW.client_email), NEW.id, NEW.created_at,
                                     lower(NEW.client_name || ' ' || NEW.client_email));
          END LOOP;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER client_stats_insert_delete AFTER INSERT OR DELETE ON intakes
      FOR EACH ROW EXECUTE FUNCTION client_stats_track()`);
    await q.query(`
      CREATE TRIGGER client_stats_update
      AFTER UPDATE OF client_email, client_name, mode, anonymized_at, account_id, created_by_key_id, created_at ON intakes
      FOR EACH ROW WHEN (OLD.client_email IS DISTINCT FROM NEW.client_email OR OLD.client_name IS DISTINCT FROM NEW.client_name
                         OR OLD.mode IS DISTINCT FROM NEW.mode OR OLD.anonymized_at IS DISTINCT FROM NEW.anonymized_at
                         OR OLD.account_id IS DISTINCT FROM NEW.account_id
                         OR OLD.created_by_key_id IS DISTINCT FROM NEW.created_by_key_id
                         OR OLD.created_at IS DISTINCT FROM NEW.created_at)
      EXECUTE FUNCTION client_stats_track()`);

    await q.query(`
      CREATE FUNCTION intake_search_track() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await q.query(`
      CREATE TRIGGER intake_search_insert_delete AFTER INSERT OR DELETE ON intakes
      FOR EACH ROW EXECUTE FUNCTION intake_search_track()`);
    await q.query(`
      CREATE TRIGGER intake_search_update
      AFTER UPDATE OF project_name, client_name, client_email, mode, account_id, created_by_key_id, created_at ON intakes
      FOR EACH ROW WHEN (OLD.project_name IS DISTINCT FROM NEW.project_name OR OLD.client_name IS DISTINCT FROM NEW.client_name
                         OR OLD.client_email IS DISTINCT FROM NEW.client_email OR OLD.mode IS DISTINCT FROM NEW.mode
                         OR OLD.account_id IS DISTINCT FROM NEW.account_id
                         OR OLD.created_by_key_id IS DISTINCT FROM NEW.created_by_key_id
                         OR OLD.created_at IS DISTINCT FROM NEW.created_at)
      EXECUTE FUNCTION intake_search_track()`);

    // GET /v1/audit's total: counted per account, action and actor (a filter by target is narrow).
    await q.query(`
      CREATE TABLE audit_counts (
        account_id text NOT NULL,
        action     text NOT NULL,
        actor_id   text NOT NULL,
        n          bigint NOT NULL,
        PRIMARY KEY (account_id, action, actor_id)
      )`);
    await q.query(`
      CREATE VIEW audit_counts_fresh AS
        SELECT account_id, action, coalesce(actor_id, '') AS actor_id, count(*) AS n FROM audit_entries GROUP BY 1, 2, 3`);
    await q.query(`
      CREATE FUNCTION audit_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO audit_counts AS c (account_id, action, actor_id, n) VALUES (NEW.account_id, NEW.action, coalesce(NEW.actor_id, ''), 1)
          ON CONFLICT (account_id, action, actor_id) DO UPDATE SET n = c.n + 1;
        ELSE
          UPDATE audit_counts SET n = n - 1
           WHERE account_id = OLD.account_id AND action = OLD.action AND actor_id = coalesce(OLD.actor_id, '');
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER audit_counts_insert_delete AFTER INSERT OR DELETE ON audit_entries
      FOR EACH ROW EXECUTE FUNCTION audit_counts_track()`);

    // The daily reconcile sweep's claim (one scheduler of several runs it).
    await q.query(`CREATE TABLE read_model_sweeps (name text PRIMARY KEY, due_at timestamptz NOT NULL)`);

    // What already exists, each table in one statement.
    await q.query(`INSERT INTO client_stats SELECT * FROM client_stats_fresh`);
    await q.query(`INSERT INTO client_totals SELECT * FROM client_totals_fresh`);
    await q.query(`INSERT INTO intake_search SELECT * FROM intake_search_fresh`);
    await q.query(`INSERT INTO audit_counts SELECT * FROM audit_counts_fresh`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE read_model_sweeps`);
    await q.query(`DROP TRIGGER audit_counts_insert_delete ON audit_entries`);
    await q.query(`DROP FUNCTION audit_counts_track()`);
    await q.query(`DROP VIEW audit_counts_fresh`);
    await q.query(`DROP TABLE audit_counts`);
    await q.query(`DROP TRIGGER intake_search_update ON intakes`);
    await q.query(`DROP TRIGGER intake_search_insert_delete ON intakes`);
    await q.query(`DROP FUNCTION intake_search_track()`);
    await q.query(`DROP TRIGGER client_stats_update ON intakes`);
    await q.query(`DROP TRIGGER client_stats_insert_delete ON intakes`);
    await q.query(`DROP FUNCTION client_stats_track()`);
    await q.query(`DROP FUNCTION client_stats_remove(text, text, text, text)`);
    await q.query(`DROP FUNCTION client_stats_add(text, text, text, text, timestamptz, text)`);
    await q.query(`DROP VIEW intake_counts_fresh`);
    await q.query(`DROP VIEW intake_search_fresh`);
    await q.query(`DROP VIEW client_totals_fresh`);
    await q.query(`DROP VIEW client_stats_fresh`);
    await q.query(`DROP TABLE intake_search`);
    await q.query(`DROP TABLE client_totals`);
    await q.query(`DROP TABLE client_stats`);
    await q.query(`DROP FUNCTION intake_client_scopes(text, text)`);
    await q.query(`DROP INDEX intakes_account_status_idx`);
    await q.query(`DROP INDEX intakes_account_list_idx`);
    await q.query(`DROP INDEX intakes_client_email_idx`);
    await q.query(
      `CREATE INDEX intakes_client_email_idx ON intakes (account_id, lower(client_email), created_at DESC)`,
    );
    await q.query(
      `CREATE INDEX intakes_search_idx ON intakes USING gin ((lower(project_name || ' ' || client_name || ' ' || client_email)) gin_trgm_ops)`,
    );
  }
}
