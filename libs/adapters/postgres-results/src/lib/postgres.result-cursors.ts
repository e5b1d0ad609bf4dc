import { Injectable } from '@nestjs/common';
import { ResultCursors } from '@intake/application-results';
import { Sql } from '@intake/postgres';

/** ResultCursors on `result_cursors`: one row per API key and intake. */
@Injectable()
export class PostgresResultCursors extends ResultCursors {
  constructor(private readonly sql: Sql) {
    super();
  }

  async previous(apiKeyId: string, intakeId: string): Promise<Date | null> {
    const row = await this.sql.one<{ collected_at: Date }>(
      `SELECT collected_at FROM result_cursors WHERE api_key_id = $1 AND intake_id = $2`,
      [apiKeyId, intakeId],
    );
    return row?.collected_at ?? null;
  }

  async advance(apiKeyId: string, intakeId: string, at: Date): Promise<void> {
    // Never backwards: of two collections committing out of order, the later time stays.
    await this.sql.query(
      `INSERT INTO result_cursors (api_key_id, intake_id, collected_at) VALUES ($1, $2, $3)
       ON CONFLICT (api_key_id, intake_id) DO UPDATE
         SET collected_at = greatest(result_cursors.collected_at, EXCLUDED.collected_at)`,
      [apiKeyId, intakeId, at],
    );
  }
}
