import { NO_DRIFT, type ReadModelDrift, ReadModels } from '@intake/application-intakes';
import { type InMemoryDatabase } from './database';

/**
 * The read models in memory: the in-memory stores compute clients, counts and search from the
 * intakes on every read, so nothing can drift; the accounts and the sweep's claim behave as in
 * PostgreSQL.
 */
export class InMemoryReadModels extends ReadModels {
  private sweepDueAt: Date | null = null;

  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async accounts(after: string | null, limit: number): Promise<string[]> {
    return this.db.accounts.rows
      .map((a) => a.id)
      .filter((id) => after === null || id > after)
      .sort()
      .slice(0, limit);
  }

  async reconcile(_accountId: string): Promise<ReadModelDrift> {
    return { ...NO_DRIFT };
  }

  async claimSweep(now: Date, next: Date): Promise<boolean> {
    if (this.sweepDueAt && this.sweepDueAt > now) return false;
    this.sweepDueAt = next;
    return true;
  }
}
