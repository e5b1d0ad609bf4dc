import { ChaseStore } from '@intake/application-chasing';
import { type ChaseRecord } from '@intake/application-intakes';
import { type InMemoryDatabase } from './database';
import { copy } from './unit-of-work';

/** The chases of intakes in memory (the twin of PostgresChaseStore), in the database's unit of work. */
export class InMemoryChaseStore extends ChaseStore {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  /** Without `item_keys`, as the Postgres store reads them (only the chase queue hands them on). */
  async chases(intakeId: string): Promise<ChaseRecord[]> {
    return copy(
      this.db.chases.rows
        .filter((c) => c.intake_id === intakeId)
        .map(({ item_keys: _, ...chase }) => chase)
        .sort(
          (a, b) =>
            a.created_at.getTime() - b.created_at.getTime() ||
            a.attempt_no - b.attempt_no ||
            (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        ),
    );
  }

  async insertChase(chase: ChaseRecord): Promise<void> {
    if (this.db.chases.rows.some((c) => c.id === chase.id)) throw new Error(`duplicate chase ${chase.id}`);
    this.db.chases.rows.push(copy(chase));
  }

  async cancelScheduledChases(intakeId: string, kinds?: readonly ChaseRecord['kind'][]): Promise<number> {
    const scheduled = this.db.chases.rows.filter(
      (c) => c.intake_id === intakeId && c.status === 'scheduled' && (!kinds || kinds.includes(c.kind)),
    );
    for (const chase of scheduled) chase.status = 'cancelled';
    return scheduled.length;
  }

  async chasesOfMany(intakeIds: readonly string[]): Promise<ChaseRecord[]> {
    const sorted = [...new Set(intakeIds)].sort(byId);
    return (await Promise.all(sorted.map((id) => this.chases(id)))).flat();
  }

  async insertChases(chases: readonly ChaseRecord[]): Promise<void> {
    const ids = chases.map((c) => c.id);
    if (new Set(ids).size !== ids.length || this.db.chases.rows.some((c) => ids.includes(c.id))) {
      throw new Error(`duplicate chase among ${ids.join(', ')}`);
    }
    for (const chase of chases) this.db.chases.rows.push(copy(chase));
  }
}

/** Ids in code-unit order, as PostgreSQL's "C" collation has them. */
const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
