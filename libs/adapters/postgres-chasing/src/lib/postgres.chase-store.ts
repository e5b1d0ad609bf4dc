import { Injectable } from '@nestjs/common';
import { ChaseStore } from '@intake/application-chasing';
import { type ChaseRecord } from '@intake/application-intakes';
import { Sql } from '@intake/postgres';

const CHASE_COLUMNS = `id, intake_id, channel, kind, status, scheduled_at, sent_at, attempt_no, missing_items_count, error, created_at`;

/**
 * The chases table, for the chasing context and (as IntakeChases) the intakes context. Sql runs
 * every statement on the unit of work's connection when one is open, so the writes join it.
 */
@Injectable()
export class PostgresChaseStore extends ChaseStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  chases(intakeId: string): Promise<ChaseRecord[]> {
    return this.sql.query<ChaseRecord>(
      `SELECT ${CHASE_COLUMNS} FROM chases WHERE intake_id = $1 ORDER BY created_at, attempt_no, id`,
      [intakeId],
    );
  }

  async insertChase(c: ChaseRecord): Promise<void> {
    await this.sql.query(
      `INSERT INTO chases (id, intake_id, channel, kind, status, scheduled_at, sent_at, attempt_no, missing_items_count, error, created_at,
                           item_keys)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        c.id,
        c.intake_id,
        c.channel,
        c.kind,
        c.status,
        c.scheduled_at,
        c.sent_at,
        c.attempt_no,
        c.missing_items_count,
        c.error,
        c.created_at,
        c.item_keys ?? null,
      ],
    );
  }

  async cancelScheduledChases(intakeId: string, kinds?: readonly ChaseRecord['kind'][]): Promise<number> {
    const rows = await this.sql.query(
      `UPDATE chases SET status = 'cancelled', claimed_until = NULL, claimed_by = NULL
        WHERE intake_id = $1 AND status = 'scheduled' AND ($2::text[] IS NULL OR kind = ANY ($2)) RETURNING id`,
      [intakeId, kinds ? [...kinds] : null],
    );
    return rows.length;
  }

  chasesOfMany(intakeIds: readonly string[]): Promise<ChaseRecord[]> {
    return this.sql.query<ChaseRecord>(
      `SELECT ${CHASE_COLUMNS} FROM chases WHERE intake_id = ANY($1::text[]) ORDER BY intake_id COLLATE "C", created_at, attempt_no, id`,
      [[...intakeIds]],
    );
  }

  async insertChases(chases: readonly ChaseRecord[]): Promise<void> {
    if (chases.length === 0) return;
    const column = <K extends keyof ChaseRecord>(key: K) => chases.map((c) => c[key]);
    await this.sql.query(
      `INSERT INTO chases (${CHASE_COLUMNS})
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[],
                            $7::timestamptz[], $8::int[], $9::int[], $10::text[], $11::timestamptz[])`,
      [
        column('id'),
        column('intake_id'),
        column('channel'),
        column('kind'),
        column('status'),
        column('scheduled_at'),
        column('sent_at'),
        column('attempt_no'),
        column('missing_items_count'),
        column('error'),
        column('created_at'),
      ],
    );
  }
}
