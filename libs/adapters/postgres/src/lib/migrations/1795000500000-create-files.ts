import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Uploaded files (a client's uploads to file items) and brief files (the owner's attachments to
 * the brief). A trigger keeps accounts.storage_bytes_used exact: every insert adds the file's
 * size and every delete, cascades from an intake's or an account's deletion included, takes it
 * off, so quotas never drift from what is stored.
 */
export class CreateFiles1795000500000 implements MigrationInterface {
  name = 'CreateFiles1795000500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE files (
        id              text PRIMARY KEY,
        account_id      text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        intake_id       text NOT NULL REFERENCES intakes (id) ON DELETE CASCADE,
        kind            text NOT NULL CHECK (kind IN ('upload', 'brief')),
        item_key        text,
        filename        text NOT NULL,
        mime            text NOT NULL,
        extension       text NOT NULL,
        size            bigint NOT NULL CHECK (size >= 0),
        width           integer,
        height          integer,
        has_alpha       boolean,
        checksum_sha256 text NOT NULL,
        storage_key     text NOT NULL UNIQUE,
        av_status       text NOT NULL CHECK (av_status IN ('pending', 'clean', 'infected')),
        av_signature    text,
        scanned_at      timestamptz,
        created_at      timestamptz NOT NULL,
        CHECK ((kind = 'upload') = (item_key IS NOT NULL)),
        FOREIGN KEY (intake_id, item_key) REFERENCES items (intake_id, key) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX files_intake ON files (intake_id, kind, item_key, created_at)`);
    await q.query(`CREATE INDEX files_pending_scan ON files (created_at) WHERE av_status = 'pending'`);
    await q.query(`
      CREATE FUNCTION files_track_storage() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE accounts SET storage_bytes_used = storage_bytes_used + NEW.size WHERE id = NEW.account_id;
          RETURN NEW;
        END IF;
        UPDATE accounts SET storage_bytes_used = storage_bytes_used - OLD.size WHERE id = OLD.account_id;
        RETURN OLD;
      END $$`);
    await q.query(`
      CREATE TRIGGER files_track_storage AFTER INSERT OR DELETE ON files
      FOR EACH ROW EXECUTE FUNCTION files_track_storage()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE files`);
    await q.query(`DROP FUNCTION files_track_storage()`);
  }
}
