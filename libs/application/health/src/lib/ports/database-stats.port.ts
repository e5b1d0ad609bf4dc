/** The database connection pool of this process, as the metrics report it. */
export interface PoolUsage {
  /** Open connections (idle and in use). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  /** The most connections the pool opens (DB_POOL_SIZE). */
  max: number;
}

/**
 * What the database can tell the people who run the service (GET /metrics). Adapters implement
 * it; a reading that fails rejects, and the metric is then left out of that scrape.
 */
export abstract class DatabaseStats {
  abstract pool(): PoolUsage;
  /** Seconds since the oldest outbox row not yet relayed was written; 0 when none waits. */
  abstract outboxLagSeconds(): Promise<number>;
}
