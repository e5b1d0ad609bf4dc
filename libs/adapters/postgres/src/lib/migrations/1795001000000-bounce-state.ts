import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The state the bounce rules keep (libs/domain/bounce): the client address's temporary bounces in
 * a row (each `also_notify` entry keeps its own `temporary_bounces` in the JSON), and per chase the
 * provider reports already applied (`provider_events`, e.g. `bounce:Transient:a@b.example`), so a
 * notification the provider delivers twice changes nothing the second time.
 */
export class BounceState1795001000000 implements MigrationInterface {
  name = 'BounceState1795001000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE intakes
        ADD COLUMN client_temporary_bounces integer NOT NULL DEFAULT 0
          CONSTRAINT intakes_client_temporary_bounces_check CHECK (client_temporary_bounces >= 0)`);
    await q.query(`ALTER TABLE chases ADD COLUMN provider_events text[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chases DROP COLUMN provider_events`);
    await q.query(`ALTER TABLE intakes DROP COLUMN client_temporary_bounces`);
  }
}
