import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The client acting in the portal is an audit actor too. */
export class AuditClientActor1795000300000 implements MigrationInterface {
  name = 'AuditClientActor1795000300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_actor_type_check`);
    await q.query(
      `ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_actor_type_check CHECK (actor_type IN ('user', 'api_key', 'client', 'system'))`,
    );
    await q.query(`CREATE INDEX intakes_portal_idx ON intakes (slug) WHERE status <> 'draft'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX intakes_portal_idx`);
    await q.query(`ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_actor_type_check`);
    await q.query(
      `ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_actor_type_check CHECK (actor_type IN ('user', 'api_key', 'system'))`,
    );
  }
}
