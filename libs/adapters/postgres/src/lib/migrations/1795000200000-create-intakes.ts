import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Intakes and their items, folders, templates, chases and idempotency keys. */
export class CreateIntakes1795000200000 implements MigrationInterface {
  name = 'CreateIntakes1795000200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      CREATE TABLE folders (
        id         text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        name       text NOT NULL,
        sort_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX folders_account_idx ON folders (account_id, sort_order, name)`);
    await q.query(`CREATE UNIQUE INDEX folders_name_key ON folders (account_id, lower(name))`);
    await q.query(`
      CREATE TABLE templates (
        id         text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        slug       text NOT NULL,
        name       text NOT NULL,
        items      jsonb NOT NULL,
        settings   jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL,
        UNIQUE (account_id, slug)
      )`);
    await q.query(`
      CREATE TABLE intakes (
        id                     text PRIMARY KEY,
        account_id             text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        mode                   text NOT NULL CHECK (mode IN ('live', 'test')),
        created_by_key_id      text,
        created_by_user_id     text,
        slug                   text NOT NULL UNIQUE,
        project_name           text NOT NULL,
        status                 text NOT NULL CHECK (status IN ('draft', 'sent', 'in_progress', 'completed', 'archived')),
        client_email           text NOT NULL,
        client_name            text NOT NULL,
        client_phone           text,
        client_language        text NOT NULL,
        client_timezone        text NOT NULL,
        client_bounced_at      timestamptz,
        also_notify            jsonb NOT NULL DEFAULT '[]',
        email_copy             jsonb,
        branding               jsonb,
        folder_id              text REFERENCES folders (id) ON DELETE SET NULL,
        chase_schedule         text NOT NULL CHECK (chase_schedule IN ('default', 'gentle', 'aggressive', 'custom', 'off')),
        chase_interval_minutes integer,
        respect_quiet_hours    boolean NOT NULL,
        max_reminders          integer,
        chase_at_time          text,
        due_date               date,
        retention_mode         text NOT NULL CHECK (retention_mode IN ('days', 'on_delivery')),
        retention_days         integer,
        retention_anonymize    boolean NOT NULL,
        client_note            text,
        owner_note             text,
        client_brief           text,
        created_at             timestamptz NOT NULL,
        sent_at                timestamptz,
        completed_at           timestamptz,
        delivered_at           timestamptz,
        anonymized_at          timestamptz,
        client_last_seen       timestamptz,
        stalled_at             timestamptz,
        purge_at               timestamptz,
        version                integer NOT NULL DEFAULT 0
      )`);
    // GET /v1/intakes: newest first within an account and mode, then the filters.
    await q.query(`CREATE INDEX intakes_list_idx ON intakes (account_id, mode, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX intakes_status_idx ON intakes (account_id, mode, status, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX intakes_folder_idx ON intakes (account_id, folder_id, created_at DESC, id DESC)`);
    await q.query(
      `CREATE INDEX intakes_client_email_idx ON intakes (account_id, lower(client_email), created_at DESC)`,
    );
    await q.query(
      `CREATE INDEX intakes_key_idx ON intakes (created_by_key_id, created_at DESC, id DESC) WHERE created_by_key_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX intakes_search_idx ON intakes USING gin ((lower(project_name || ' ' || client_name || ' ' || client_email)) gin_trgm_ops)`,
    );
    await q.query(`
      CREATE TABLE items (
        intake_id             text NOT NULL REFERENCES intakes (id) ON DELETE CASCADE,
        key                   text NOT NULL,
        position              integer NOT NULL,
        type                  text NOT NULL,
        label                 text NOT NULL,
        help                  text,
        required              boolean NOT NULL,
        assignee              text NOT NULL CHECK (assignee IN ('client', 'owner')),
        constraints           jsonb NOT NULL DEFAULT '{}',
        schema                jsonb,
        options               jsonb,
        pattern               text,
        proposed              jsonb,
        status                text NOT NULL CHECK (status IN ('pending', 'submitted', 'approved', 'needs_revision', 'waived')),
        value                 jsonb,
        submitted_at          timestamptz,
        approved_at           timestamptz,
        revision_note         text,
        revision_count        integer NOT NULL DEFAULT 0,
        waiver                jsonb NOT NULL,
        client_note           text,
        owner_note            text,
        received_outside      boolean NOT NULL DEFAULT false,
        received_outside_note text,
        decided_by            text CHECK (decided_by IN ('agent', 'owner')),
        PRIMARY KEY (intake_id, key)
      )`);
    await q.query(`
      CREATE TABLE chases (
        id                  text PRIMARY KEY,
        intake_id           text NOT NULL REFERENCES intakes (id) ON DELETE CASCADE,
        channel             text NOT NULL CHECK (channel IN ('email', 'sms')),
        kind                text NOT NULL CHECK (kind IN ('invite', 'reminder', 'revision', 'manual')),
        status              text NOT NULL CHECK (status IN ('scheduled', 'sent', 'failed', 'bounced', 'complained', 'cancelled', 'skipped')),
        scheduled_at        timestamptz,
        sent_at             timestamptz,
        attempt_no          integer NOT NULL,
        missing_items_count integer,
        error               text,
        created_at          timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX chases_intake_idx ON chases (intake_id, created_at, id)`);
    await q.query(`CREATE INDEX chases_due_idx ON chases (scheduled_at) WHERE status = 'scheduled'`);
    await q.query(`
      CREATE TABLE idempotency_keys (
        account_id   text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        key          text NOT NULL,
        request_hash text NOT NULL,
        intake_id    text NOT NULL,
        expires_at   timestamptz NOT NULL,
        PRIMARY KEY (account_id, key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['idempotency_keys', 'chases', 'items', 'intakes', 'templates', 'folders'])
      await q.query(`DROP TABLE ${table}`);
  }
}
