import { IntakeWriter, intakeState } from '@intake/application-intakes';
import { stall } from '@intake/domain-intake';
import { UnitOfWork } from '@intake/kernel';
import { ChaseIntakes } from '../ports/chase-intakes.port';
import { ChaseQueue, type ChaseOutcome, type DueChase } from '../ports/chase-queue.port';
import { PlannedReminders } from '../reminders/planned-reminders';
import { ChaseAftermath } from './chase-aftermath';

const SCHEDULER_META = { ip: null, requestId: null } as const;

/** A claimed chase and what became of it. */
export interface Delivered {
  chase: DueChase;
  outcome: ChaseOutcome;
}

const wentOut = ({ chase, outcome }: Delivered): boolean =>
  (outcome.status === 'sent' || outcome.status === 'skipped') && (chase.kind === 'invite' || chase.kind === 'reminder');

/**
 * The outcomes of claimed chases, several in one transaction: their intakes locked first (in id
 * order, as every intake change locks an intake first, so a concurrent PATCH waits rather than
 * deadlocks), the outcomes recorded under the lease, their aftermath (ChaseAftermath: an SMS
 * credit given back for a text never sent, a client mail's outcome audited), then after an
 * invitation or a reminder the next reminder planned, or the stall (with `intake.stalled`)
 * recorded with the last one.
 */
export class RecordChase {
  static readonly inject = [
    UnitOfWork,
    ChaseIntakes,
    ChaseQueue,
    PlannedReminders,
    IntakeWriter,
    ChaseAftermath,
  ] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly intakes: ChaseIntakes,
    private readonly queue: ChaseQueue,
    private readonly reminders: PlannedReminders,
    private readonly writer: IntakeWriter,
    private readonly aftermath: ChaseAftermath,
  ) {}

  /** The ids recorded; a chase whose lease was lost (another scheduler took it over) is left out, untouched. */
  recordMany(delivered: readonly Delivered[], worker: string, now: Date): Promise<string[]> {
    return this.uow.run(async () => {
      const locked = await this.intakes.getManyForUpdate([...new Set(delivered.map((d) => d.chase.intake_id))]);
      const settled = new Set(
        await this.queue.settleMany(
          worker,
          delivered.map(({ chase, outcome }) => ({ chaseId: chase.id, outcome })),
        ),
      );
      const recorded = delivered.filter((d) => settled.has(d.chase.id));
      const present = new Set(locked.map((i) => i.id));
      for (const { chase, outcome } of recorded) {
        if (present.has(chase.intake_id)) await this.aftermath.settled(chase, outcome);
      }
      const replan = new Set(recorded.filter(wentOut).map((d) => d.chase.intake_id));
      const plans = await this.reminders.planNextMany(
        locked.filter((i) => replan.has(i.id)),
        now,
      );
      for (const intake of locked) {
        if (plans.get(intake.id)?.kind !== 'stall') continue;
        await this.writer.change({ by: 'system', accountId: intake.account_id, intakeId: intake.id }, SCHEDULER_META, {
          action: 'intake.stalled',
          decide: (current, items, at) => stall(intakeState(current, items), at),
        });
      }
      return [...settled];
    });
  }
}
