import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { NO_DRIFT, ReadModelDrift, ReadModels } from '@intake/application-intakes';

interface ReadModelTable {
  table: keyof ReadModelDrift;
  keys: readonly string[];
  values: readonly string[];
  /** Rows a trigger leaves behind that mean nothing (a count down to zero). */
  idle?: string;
}

/**
 * Each read model, its key and its from-scratch view `<table>_fresh` (migrations 1795002500000,
 * 1795003500000 to 1795003700000).
 */
const TABLES: readonly ReadModelTable[] = [
  {
    table: 'client_stats',
    keys: ['account_id', 'scope', 'email_key'],
    values: ['intake_count', 'last_intake_id', 'last_intake_at', 'search'],
  },
  { table: 'client_totals', keys: ['account_id', 'scope'], values: ['clients'], idle: 'clients = 0' },
  {
    table: 'intake_search',
    keys: ['intake_id'],
    values: [
      'account_id',
      'mode',
      'created_by_key_id',
      'created_at',
      'project',
      'client_name',
      'client_email',
      'status',
      'folder_id',
    ],
  },
  {
    table: 'intake_client_texts',
    keys: ['account_id', 'mode', 'created_by_key_id', 'client_email', 'client_name'],
    values: ['n'],
    idle: 'n = 0',
  },
  {
    table: 'intake_counts',
    keys: ['account_id', 'mode', 'created_by_key_id', 'status', 'folder_id'],
    values: ['n'],
    idle: 'n = 0',
  },
  { table: 'audit_counts', keys: ['account_id', 'action', 'actor_id'], values: ['n'], idle: 'n = 0' },
  // Last: the repairs of intake_search above reach it through its trigger, then each total is recounted.
  {
    table: 'search_totals',
    keys: ['account_id', 'scope', 'pattern', 'status', 'folder', 'client_email'],
    values: ['total', 'asked_at'],
  },
];

/** One statement per read model: rows that differ from the fresh ones are written, extra rows deleted. */
function repairStatement({ table, keys, values, idle }: ReadModelTable): string {
  const keyList = keys.join(', ');
  return `
    WITH fresh AS (SELECT * FROM ${table}_fresh WHERE account_id = $1),
         stale AS (SELECT * FROM ${table} WHERE account_id = $1 ${idle ? `AND NOT (${idle})` : ''}),
         wrong AS (SELECT * FROM fresh EXCEPT SELECT * FROM stale),
         extra AS (SELECT ${keyList} FROM stale EXCEPT SELECT ${keyList} FROM fresh),
         removed AS (DELETE FROM ${table} t USING extra x WHERE ${keys.map((k) => `t.${k} = x.${k}`).join(' AND ')} RETURNING 1),
         repaired AS (INSERT INTO ${table} SELECT * FROM wrong ON CONFLICT (${keyList})
                      DO UPDATE SET ${values.map((v) => `${v} = EXCLUDED.${v}`).join(', ')} RETURNING 1)
    SELECT ((SELECT count(*) FROM removed) + (SELECT count(*) FROM repaired))::int AS drift`;
}

const REPAIRS = TABLES.map((t) => [t.table, repairStatement(t)] as const);

/** SQLSTATE 40001: a concurrent writer changed a row this snapshot was about to repair. */
function isSerializationFailure(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  return e?.code === '40001' || e?.driverError?.code === '40001';
}

const ATTEMPTS = 5;

/**
 * Reconciles in one REPEATABLE READ transaction per account: the fresh rows and the stored ones
 * come from one snapshot, and a row a concurrent intake write changed after it makes the repair
 * fail with a serialization error instead of overwriting the newer count (it is then retried).
 */
@Injectable()
export class PostgresReadModels extends ReadModels {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async accounts(after: string | null, limit: number): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT id FROM accounts WHERE $1::text IS NULL OR id > $1 ORDER BY id LIMIT $2`,
      [after, limit],
    )) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  async reconcile(accountId: string): Promise<ReadModelDrift> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.dataSource.transaction('REPEATABLE READ', (manager) => this.repair(manager, accountId));
      } catch (error) {
        if (!isSerializationFailure(error) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  private async repair(manager: EntityManager, accountId: string): Promise<ReadModelDrift> {
    const drift = { ...NO_DRIFT };
    for (const [table, statement] of REPAIRS) {
      const [row] = (await manager.query(statement, [accountId])) as Array<{ drift: number }>;
      drift[table] = row?.drift ?? 0;
    }
    return drift;
  }

  async claimSweep(now: Date, next: Date): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `INSERT INTO read_model_sweeps (name, due_at) VALUES ('read_models.reconcile', $2)
       ON CONFLICT (name) DO UPDATE SET due_at = EXCLUDED.due_at WHERE read_model_sweeps.due_at <= $1
       RETURNING name`,
      [now, next],
    )) as unknown[];
    return rows.length === 1;
  }
}
