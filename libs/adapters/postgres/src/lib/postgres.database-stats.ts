import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { DatabaseStats, type PoolUsage } from '@intake/application-health';

/** The pg pool behind TypeORM's postgres driver (`driver.master`). */
function poolOf(dataSource: DataSource): Pool | undefined {
  return (dataSource.driver as unknown as { master?: Pool }).master;
}

/** Pool counters read from pg's Pool, outbox lag from the unpublished-rows index. */
@Injectable()
export class PostgresStats extends DatabaseStats {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  pool(): PoolUsage {
    const pool = poolOf(this.dataSource);
    return {
      total: pool?.totalCount ?? 0,
      idle: pool?.idleCount ?? 0,
      waiting: pool?.waitingCount ?? 0,
      max: pool?.options.max ?? 0,
    };
  }

  async outboxLagSeconds(): Promise<number> {
    // The oldest unpublished row by id: the partial index outbox_messages_unpublished_idx answers it.
    const rows: Array<{ lag: string | null }> = await this.dataSource.query(
      `SELECT EXTRACT(EPOCH FROM (clock_timestamp() - created_at)) AS lag
         FROM outbox_messages WHERE published_at IS NULL ORDER BY id LIMIT 1`,
    );
    const lag = rows[0]?.lag;
    return lag === null || lag === undefined ? 0 : Math.max(0, Number(lag));
  }
}
