import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Broad searches that stay flat as an account grows (issue #19). The exact `total` of a `q` that
 * matches most of an account (`q=project` over a million project names, each distinct) has to
 * visit every matching name: no index counts the strings that contain a substring. It is now
 * counted once and then kept:
 *
 * - `search_totals`: the total of one search (account, caller scope as in `client_stats`, the
 *   LIKE pattern of `q`, and the other filters, `''` for none; `folder` is `none` for "no
 *   folder"), remembered by the api when counting it was expensive (IntakeSearch), at most 20
 *   per account (the least recently asked go).
 * - A trigger on `intake_search` keeps every remembered total of the account in the writing
 *   transaction: a row that starts or stops matching adds or takes one. A write takes the
 *   account's advisory lock (class 1795003700) shared; the api counts a new total holding it
 *   exclusively, so no write is both missed by the count and by the trigger.
 * - `search_totals_fresh` recounts each remembered total from `intakes` (ReconcileReadModels).
 */
export class SearchTotals1795003700000 implements MigrationInterface {
  name = 'SearchTotals1795003700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE search_totals (
        account_id   text NOT NULL,
        scope        text NOT NULL,
        pattern      text NOT NULL,
        status       text NOT NULL,
        folder       text NOT NULL,
        client_email text NOT NULL,
        total        int NOT NULL,
        asked_at     timestamptz NOT NULL,
        PRIMARY KEY (account_id, scope, pattern, status, folder, client_email)
      )`);
    // 1 when the intake `s` counts toward the remembered total `t`, else 0 (also for no intake).
    await q.query(`
      CREATE FUNCTION search_total_counts(t search_totals, s intake_search) RETURNS int
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN s.account_id = t.account_id
                     AND t.scope = ANY (intake_client_scopes(s.mode, s.created_by_key_id))
                     AND (s.project LIKE t.pattern OR s.client_name LIKE t.pattern OR s.client_email LIKE t.pattern)
                     AND t.status IN ('', s.status)
                     AND t.folder IN ('', coalesce(s.folder_id, 'none'))
                     AND t.client_email IN ('', s.client_email)
                    THEN 1 ELSE 0 END
      $$`);
    await q.query(`
      CREATE FUNCTION search_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'DELETE' THEN
          PERFORM pg_advisory_xact_lock_shared(1795003700, hashtext(NEW.account_id));
        END IF;
        IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.account_id IS DISTINCT FROM NEW.account_id) THEN
          PERFORM pg_advisory_xact_lock_shared(1795003700, hashtext(OLD.account_id));
        END IF;
        UPDATE search_totals t SET total = t.total + search_total_counts(t, NEW) - search_total_counts(t, OLD)
         WHERE t.account_id IN (NEW.account_id, OLD.account_id)
           AND search_total_counts(t, NEW) <> search_total_counts(t, OLD);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER search_totals_track AFTER INSERT OR UPDATE OR DELETE ON intake_search
      FOR EACH ROW EXECUTE FUNCTION search_totals_track()`);
    await q.query(`
      CREATE VIEW search_totals_fresh AS
        SELECT t.account_id, t.scope, t.pattern, t.status, t.folder, t.client_email,
               (SELECT count(*) FROM intakes i
                 WHERE i.account_id = t.account_id
                   AND t.scope = ANY (intake_client_scopes(i.mode, i.created_by_key_id))
                   AND (lower(i.project_name) LIKE t.pattern OR lower(i.client_name) LIKE t.pattern
                        OR lower(i.client_email) LIKE t.pattern)
                   AND t.status IN ('', i.status)
                   AND t.folder IN ('', coalesce(i.folder_id, 'none'))
                   AND t.client_email IN ('', lower(i.client_email)))::int AS total,
               t.asked_at
          FROM search_totals t`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW search_totals_fresh`);
    await q.query(`DROP TRIGGER search_totals_track ON intake_search`);
    await q.query(`DROP FUNCTION search_totals_track()`);
    await q.query(`DROP FUNCTION search_total_counts(search_totals, intake_search)`);
    await q.query(`DROP TABLE search_totals`);
  }
}
