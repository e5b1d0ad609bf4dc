import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Accounts and access: accounts, users, sessions, API keys, invitations, audit log, usage. */
export class CreateAccounts1795000100000 implements MigrationInterface {
  name = 'CreateAccounts1795000100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts (
        id                 text PRIMARY KEY,
        name               text NOT NULL,
        plan               text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'solo', 'studio', 'agency')),
        default_language   text NOT NULL DEFAULT 'en' CHECK (default_language IN ('cs', 'sk', 'pl', 'de', 'es', 'en')),
        default_timezone   text NOT NULL DEFAULT 'Europe/Prague',
        sender_name        text,
        storage_bytes_used bigint NOT NULL DEFAULT 0 CHECK (storage_bytes_used >= 0),
        created_at         timestamptz NOT NULL,
        updated_at         timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE users (
        id            text PRIMARY KEY,
        account_id    text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        email         text NOT NULL,
        name          text NOT NULL,
        role          text NOT NULL CHECK (role IN ('owner', 'member')),
        password_hash text NOT NULL,
        created_at    timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);
    await q.query(`CREATE INDEX users_account_idx ON users (account_id, created_at)`);
    await q.query(`
      CREATE TABLE sessions (
        token_hash   bytea PRIMARY KEY,
        user_id      text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        account_id   text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created_at   timestamptz NOT NULL,
        expires_at   timestamptz NOT NULL,
        revoked_at   timestamptz
      )`);
    await q.query(`CREATE INDEX sessions_user_idx ON sessions (user_id)`);
    await q.query(`
      CREATE TABLE api_keys (
        id                 text PRIMARY KEY,
        account_id         text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        name               text NOT NULL,
        mode               text NOT NULL CHECK (mode IN ('live', 'test')),
        scopes             text[] NOT NULL,
        token_hash         bytea NOT NULL UNIQUE,
        prefix             text NOT NULL,
        last4              text NOT NULL,
        created_by_user_id text,
        created_at         timestamptz NOT NULL,
        last_used_at       timestamptz,
        revoked_at         timestamptz
      )`);
    await q.query(`CREATE INDEX api_keys_account_idx ON api_keys (account_id, created_at DESC, id DESC)`);
    await q.query(`
      CREATE TABLE invitations (
        id          text PRIMARY KEY,
        account_id  text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        email       text NOT NULL,
        name        text NOT NULL,
        token_hash  bytea NOT NULL UNIQUE,
        invited_by  text NOT NULL,
        created_at  timestamptz NOT NULL,
        expires_at  timestamptz NOT NULL,
        accepted_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE audit_entries (
        seq        bigint GENERATED ALWAYS AS IDENTITY,
        id         text PRIMARY KEY,
        account_id text NOT NULL,
        at         timestamptz NOT NULL,
        actor_type text NOT NULL CHECK (actor_type IN ('user', 'api_key', 'system')),
        actor_id   text,
        actor_mode text CHECK (actor_mode IN ('live', 'test')),
        action     text NOT NULL,
        target_id  text,
        ip         text,
        request_id text,
        summary    jsonb NOT NULL DEFAULT '{}'
      )`);
    await q.query(`CREATE INDEX audit_entries_account_idx ON audit_entries (account_id, seq DESC)`);
    await q.query(`CREATE INDEX audit_entries_action_idx ON audit_entries (account_id, action, seq DESC)`);
    await q.query(`CREATE INDEX audit_entries_actor_idx ON audit_entries (account_id, actor_id, seq DESC)`);
    await q.query(`CREATE INDEX audit_entries_target_idx ON audit_entries (account_id, target_id, seq DESC)`);
    // The audit log is append-only: the database itself refuses to change or remove an entry.
    await q.query(`
      CREATE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_entries is append-only' USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`
      CREATE TRIGGER audit_entries_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_entries
      FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only()`);
    await q.query(`
      CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries
      FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_append_only()`);
    await q.query(`
      CREATE TABLE usage_counters (
        account_id      text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        period          text NOT NULL,
        intakes_created integer NOT NULL DEFAULT 0,
        sms_sent        integer NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, period)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE usage_counters`);
    await q.query(`DROP TABLE audit_entries`);
    await q.query(`DROP FUNCTION audit_entries_append_only()`);
    await q.query(`DROP TABLE invitations`);
    await q.query(`DROP TABLE api_keys`);
    await q.query(`DROP TABLE sessions`);
    await q.query(`DROP TABLE users`);
    await q.query(`DROP TABLE accounts`);
  }
}
