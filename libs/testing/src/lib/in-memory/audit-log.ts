import { type AuditEntry, type AuditFilter, AuditLog } from '@intake/kernel';
import { asJson, copy, type InMemoryUnitOfWork, Table } from './unit-of-work';

/** The audit log in memory: append-only, listed newest first and filtered like the Postgres one. */
export class InMemoryAuditLog extends AuditLog {
  private readonly table: Table<AuditEntry>;

  constructor(uow?: InMemoryUnitOfWork) {
    super();
    this.table = new Table(uow);
  }

  get entries(): readonly AuditEntry[] {
    return this.table.rows;
  }

  async append(entry: AuditEntry): Promise<void> {
    // As the Postgres log: the id is the primary key, and the summary is stored as JSON.
    if (this.table.rows.some((e) => e.id === entry.id)) throw new Error(`duplicate audit entry ${entry.id}`);
    this.table.rows.push({ ...copy(entry), summary: asJson(entry.summary) });
  }

  async list(
    accountId: string,
    filter: AuditFilter,
    limit: number,
    offset: number,
  ): Promise<{ entries: AuditEntry[]; total: number }> {
    // Newest first by insertion order, as the Postgres log orders by its sequence.
    const matching = [...this.table.rows]
      .reverse()
      .filter(
        (e) =>
          e.account_id === accountId &&
          (filter.action === undefined || e.action === filter.action) &&
          (filter.actor === undefined || e.actor_id === filter.actor) &&
          (filter.target === undefined || e.target_id === filter.target),
      );
    return { entries: matching.slice(offset, offset + limit).map((e) => copy(e)), total: matching.length };
  }
}
