import { Injectable } from '@nestjs/common';
import { AuditEntry, AuditFilter, AuditLog } from '@intake/kernel';
import { Sql } from './postgres.unit-of-work';

const COLUMNS = `id, account_id, at, actor_type, actor_id, actor_mode, action, target_id, ip, request_id, summary`;

/** Append-only: no method here changes or removes an entry, and a trigger refuses it anyway. */
@Injectable()
export class PostgresAuditLog extends AuditLog {
  constructor(private readonly sql: Sql) {
    super();
  }

  async append(e: AuditEntry): Promise<void> {
    await this.sql.query(
      `INSERT INTO audit_entries (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        e.id,
        e.account_id,
        e.at,
        e.actor_type,
        e.actor_id,
        e.actor_mode,
        e.action,
        e.target_id,
        e.ip,
        e.request_id,
        JSON.stringify(e.summary),
      ],
    );
  }

  async list(
    accountId: string,
    filter: AuditFilter,
    limit: number,
    offset: number,
  ): Promise<{ entries: AuditEntry[]; total: number }> {
    const where = ['account_id = $1'];
    const params: unknown[] = [accountId];
    for (const [column, value] of [
      ['action', filter.action],
      ['actor_id', filter.actor],
      ['target_id', filter.target],
    ] as const) {
      if (value === undefined) continue;
      params.push(value);
      where.push(`${column} = $${params.length}`);
    }
    const clause = where.join(' AND ');
    // The total from audit_counts (a row per action and actor) unless a target narrows it down.
    const counted = filter.target === undefined;
    const [entries, count] = await Promise.all([
      this.sql.query<AuditEntry>(
        `SELECT ${COLUMNS} FROM audit_entries WHERE ${clause} ORDER BY seq DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, offset],
      ),
      this.sql.one<{ total: number }>(
        counted
          ? `SELECT coalesce(sum(n), 0)::int AS total FROM audit_counts WHERE ${clause}`
          : `SELECT count(*)::int AS total FROM audit_entries WHERE ${clause}`,
        params,
      ),
    ]);
    return { entries, total: count?.total ?? 0 };
  }
}
