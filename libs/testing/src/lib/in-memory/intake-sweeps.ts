import { IntakeSweeps, type SweptIntake } from '@intake/application-intakes';
import { missingItemKeys } from '@intake/domain-intake';
import { type InMemoryDatabase, type IntakeSweepRow } from './database';

/** ORDER BY <time>, id. */
const earliestFirst = (a: { id: string; at: Date }, b: { id: string; at: Date }) =>
  a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The sweeps' claims in memory, with the Postgres adapter's rules. Units of work run one at a
 * time here, which stands in for the row locks that make two schedulers skip each other's rows.
 */
export class InMemoryIntakeSweeps extends IntakeSweeps {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  /** The sweep columns of an intake, as its row has them (null until a sweep marked it). */
  marks(intakeId: string): IntakeSweepRow {
    let row = this.db.intakeSweeps.rows.find((r) => r.intake_id === intakeId);
    if (!row) {
      row = { intake_id: intakeId, overdue_notified_at: null, purged_at: null };
      this.db.intakeSweeps.rows.push(row);
    }
    return row;
  }

  async claimOverdue(
    now: Date,
    limit: number,
    skip: readonly string[],
    clock: string | null = null,
  ): Promise<SweptIntake[]> {
    const due = this.db.intakes.rows
      .filter((i) => i.test_clock_id === clock)
      .filter(
        (i) => i.overdue_at !== null && i.overdue_at <= now && (i.status === 'sent' || i.status === 'in_progress'),
      )
      .filter((i) => !skip.includes(i.id) && this.marks(i.id).overdue_notified_at === null)
      .filter((i) => missingItemKeys(this.db.items.rows.filter((item) => item.intake_id === i.id)).length > 0)
      .map((i) => ({ id: i.id, account_id: i.account_id, at: i.overdue_at as Date }))
      .sort(earliestFirst)
      .slice(0, limit);
    for (const intake of due) this.marks(intake.id).overdue_notified_at = new Date(now);
    return due.map(({ id, account_id }) => ({ id, account_id }));
  }

  async claimPurges(
    now: Date,
    limit: number,
    skip: readonly string[],
    clock: string | null = null,
  ): Promise<SweptIntake[]> {
    const due = this.db.intakes.rows
      .filter((i) => i.test_clock_id === clock)
      .filter((i): i is typeof i & { purge_at: Date } => i.purge_at !== null && i.purge_at <= now)
      .filter((i) => {
        const purged = this.marks(i.id).purged_at;
        return !skip.includes(i.id) && (purged === null || purged < i.purge_at);
      })
      .map((i) => ({ id: i.id, account_id: i.account_id, at: i.purge_at }))
      .sort(earliestFirst)
      .slice(0, limit);
    for (const intake of due) this.marks(intake.id).purged_at = new Date(now);
    return due.map(({ id, account_id }) => ({ id, account_id }));
  }

  async forgetChaseRecipients(intakeId: string): Promise<void> {
    const chases = new Set(this.db.chases.rows.filter((c) => c.intake_id === intakeId).map((c) => c.id));
    for (const row of this.db.chaseDelivery.rows) {
      if (chases.has(row.chase_id)) {
        row.recipients = [];
        row.delivered_to = [];
      }
    }
  }
}
