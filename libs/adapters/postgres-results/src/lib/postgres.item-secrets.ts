import { Injectable } from '@nestjs/common';
import { ItemSecrets, type SecretRelease, type SecretState } from '@intake/application-results';
import { Sql } from '@intake/postgres';

interface StateRow {
  has_value: boolean;
  submitted_at: Date | null;
  secret_released_at: Date | null;
  secret_purged_at: Date | null;
}

/**
 * ItemSecrets on the `items` table. The release is one conditional UPDATE … RETURNING that first
 * locks the intake row (as every write of the intake does, so none can write the value back from
 * what it read before), then the item row, re-checked after any wait: a second reader finds the
 * value gone and gets nothing.
 */
@Injectable()
export class PostgresItemSecrets extends ItemSecrets {
  constructor(private readonly sql: Sql) {
    super();
  }

  async release(intakeId: string, key: string, now: Date, submittedSince: Date): Promise<SecretRelease> {
    const released = await this.sql.one<{ sealed: string; submitted_at: Date }>(
      `WITH intake AS (SELECT id FROM intakes WHERE id = $1 FOR UPDATE),
            old AS (
              SELECT s.intake_id, s.key, s.value, s.submitted_at
                FROM items s JOIN intake ON intake.id = s.intake_id
               WHERE s.key = $2 AND s.type = 'secret' AND s.value IS NOT NULL AND s.secret_released_at IS NULL
                 AND s.submitted_at >= $4
                 FOR UPDATE OF s)
       UPDATE items i SET value = NULL, secret_released_at = $3
         FROM old
        WHERE i.intake_id = old.intake_id AND i.key = old.key
    RETURNING old.value ->> 'sealed' AS sealed, old.submitted_at`,
      [intakeId, key, now, submittedSince],
    );
    if (released) return { outcome: 'released', sealed: released.sealed, submitted_at: released.submitted_at };
    const row = await this.sql.one<StateRow>(
      `SELECT value IS NOT NULL AS has_value, submitted_at, secret_released_at, secret_purged_at
         FROM items WHERE intake_id = $1 AND key = $2 AND type = 'secret'`,
      [intakeId, key],
    );
    if (!row) return { outcome: 'unanswered' };
    if (!row.has_value && row.secret_released_at)
      return { outcome: 'already_revealed', revealed_at: row.secret_released_at };
    if (!row.has_value && row.secret_purged_at) return { outcome: 'gone', purged_at: row.secret_purged_at };
    if (row.has_value && row.submitted_at && row.submitted_at < submittedSince)
      return { outcome: 'gone', purged_at: null };
    return { outcome: 'unanswered' };
  }

  async states(intakeId: string): Promise<SecretState[]> {
    const rows = await this.sql.query<StateRow & { key: string }>(
      `SELECT key, value IS NOT NULL AS has_value, submitted_at, secret_released_at, secret_purged_at
         FROM items WHERE intake_id = $1 AND type = 'secret' ORDER BY position`,
      [intakeId],
    );
    return rows.map((r) => ({
      key: r.key,
      releasable: r.has_value,
      submitted_at: r.submitted_at,
      released_at: r.secret_released_at,
      purged_at: r.secret_purged_at,
    }));
  }

  async purgeUnreleased(submittedBefore: Date, now: Date, limit: number, clock: string | null = null): Promise<number> {
    const due = await this.sql.query<{ intake_id: string }>(
      `SELECT DISTINCT intake_id FROM (
         SELECT t.intake_id FROM items t JOIN intakes n ON n.id = t.intake_id
          WHERE t.type = 'secret' AND t.value IS NOT NULL AND t.secret_released_at IS NULL AND t.submitted_at < $1
            AND n.test_clock_id IS NOT DISTINCT FROM $3
          ORDER BY t.submitted_at LIMIT $2) due`,
      [submittedBefore, limit, clock],
    );
    let purged = 0;
    for (const { intake_id } of due) {
      // Per intake, under its row lock (as the release): a write of the intake cannot restore a value.
      const rows = await this.sql.query(
        `WITH intake AS (SELECT id FROM intakes WHERE id = $1 FOR UPDATE)
         UPDATE items i SET value = NULL, secret_purged_at = $3
           FROM intake
          WHERE i.intake_id = intake.id AND i.type = 'secret' AND i.value IS NOT NULL
            AND i.secret_released_at IS NULL AND i.submitted_at < $2
      RETURNING i.key`,
        [intake_id, submittedBefore, now],
      );
      purged += rows.length;
    }
    return purged;
  }
}
