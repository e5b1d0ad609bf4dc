import { type ClockLease, TestClockAdvances, type TestClockRecord, TestClockStore } from '@intake/application-intakes';
import { type InMemoryDatabase, type TestClockRow } from './database';
import { copy } from './unit-of-work';

const recordOf = (row: TestClockRow): TestClockRecord => {
  const { claimed_until: _until, claimed_by: _by, ...record } = copy(row);
  return record;
};

/** The test_clocks table for the routes, in memory, with the Postgres store's rules. */
export class InMemoryTestClockStore extends TestClockStore {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  /** The row as stored (lease included), for tests. */
  row(clockId: string): TestClockRow | undefined {
    return this.db.testClocks.rows.find((c) => c.id === clockId);
  }

  async insert(clock: TestClockRecord): Promise<void> {
    if (this.row(clock.id)) throw new Error(`duplicate test clock ${clock.id}`);
    this.db.testClocks.rows.push({ ...copy(clock), claimed_until: null, claimed_by: null });
  }

  async get(accountId: string, clockId: string): Promise<TestClockRecord | undefined> {
    const row = this.row(clockId);
    return row && row.account_id === accountId ? recordOf(row) : undefined;
  }

  getForUpdate(accountId: string, clockId: string): Promise<TestClockRecord | undefined> {
    return this.get(accountId, clockId);
  }

  async list(accountId: string): Promise<TestClockRecord[]> {
    return this.db.testClocks.rows
      .filter((c) => c.account_id === accountId)
      .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : 1))
      .map(recordOf);
  }

  async startAdvance(clockId: string, to: Date): Promise<void> {
    const row = this.row(clockId);
    if (!row) return;
    Object.assign(row, { status: 'advancing', advancing_to: new Date(to), claimed_until: null, claimed_by: null });
  }

  async delete(clockId: string): Promise<void> {
    // ON DELETE CASCADE: what is still on the clock goes with it.
    for (const intake of this.db.intakes.rows.filter((i) => i.test_clock_id === clockId))
      this.db.deleteIntake(intake.id);
    this.db.testClocks.rows = this.db.testClocks.rows.filter((c) => c.id !== clockId);
  }

  async intakeIds(clockId: string): Promise<string[]> {
    return this.db.intakes.rows
      .filter((i) => i.test_clock_id === clockId)
      .map((i) => i.id)
      .sort();
  }

  async frozenTime(clockId: string): Promise<Date | undefined> {
    const row = this.row(clockId);
    return row ? new Date(row.frozen_time) : undefined;
  }
}

/** The test clocks as the scheduler's work, in memory: leases as the Postgres adapter keeps them. */
export class InMemoryTestClockAdvances extends TestClockAdvances {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  private held(clockId: string, worker: string): TestClockRow | undefined {
    return this.db.testClocks.rows.find((c) => c.id === clockId && c.claimed_by === worker && c.status === 'advancing');
  }

  async claim(now: Date, lease: ClockLease): Promise<TestClockRecord | undefined> {
    const free = this.db.testClocks.rows
      .filter((c) => c.status === 'advancing' && (c.claimed_until === null || c.claimed_until < now))
      .sort((a, b) => (a.id < b.id ? -1 : 1))[0];
    if (!free) return undefined;
    free.claimed_until = new Date(lease.until);
    free.claimed_by = lease.worker;
    return recordOf(free);
  }

  async releaseClaims(clockId: string): Promise<void> {
    const onClock = (intakeId: string) => this.db.onClock(intakeId, clockId);
    const scheduled = new Set(
      this.db.chases.rows.filter((c) => c.status === 'scheduled' && onClock(c.intake_id)).map((c) => c.id),
    );
    for (const row of this.db.chaseDelivery.rows) {
      if (scheduled.has(row.chase_id)) Object.assign(row, { claimed_until: null, claimed_by: null });
    }
    for (const notice of this.db.ownerNotices.rows) {
      if (notice.status === 'pending' && onClock(notice.intake_id)) {
        Object.assign(notice, { claimed_until: null, claimed_by: null });
      }
    }
  }

  async moveTo(clockId: string, worker: string, to: Date, until: Date): Promise<boolean> {
    const row = this.held(clockId, worker);
    if (!row || row.advancing_to === null || to > row.advancing_to) return false;
    row.frozen_time = new Date(to);
    row.claimed_until = new Date(until);
    return true;
  }

  async finish(clockId: string, worker: string): Promise<boolean> {
    const row = this.held(clockId, worker);
    if (!row || row.frozen_time.getTime() !== row.advancing_to?.getTime()) return false;
    Object.assign(row, { status: 'ready', advancing_to: null, claimed_until: null, claimed_by: null });
    return true;
  }

  async release(clockId: string, worker: string): Promise<void> {
    const row = this.db.testClocks.rows.find((c) => c.id === clockId && c.claimed_by === worker);
    if (row) Object.assign(row, { claimed_until: null, claimed_by: null });
  }

  async nextDue(clockId: string, after: Date): Promise<Date | undefined> {
    const intakes = this.db.intakes.rows.filter((i) => i.test_clock_id === clockId);
    const ids = new Set(intakes.map((i) => i.id));
    const marks = (id: string) => this.db.intakeSweeps.rows.find((r) => r.intake_id === id);
    const instants = [
      ...this.db.chases.rows.filter((c) => ids.has(c.intake_id) && c.status === 'scheduled').map((c) => c.scheduled_at),
      ...this.db.ownerNotices.rows.filter((n) => ids.has(n.intake_id) && n.status === 'pending').map((n) => n.due_at),
      ...intakes
        .filter((i) => (i.status === 'sent' || i.status === 'in_progress') && !marks(i.id)?.overdue_notified_at)
        .map((i) => i.overdue_at),
      ...intakes
        .filter((i) => {
          const purged = marks(i.id)?.purged_at ?? null;
          return i.purge_at !== null && (purged === null || purged < i.purge_at);
        })
        .map((i) => i.purge_at),
    ].filter((at): at is Date => at !== null && at > after);
    if (instants.length === 0) return undefined;
    return new Date(Math.min(...instants.map((at) => at.getTime())));
  }
}
