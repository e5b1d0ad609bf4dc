import { IntakeStore, IntakeWriter, intakeState, systemAccess } from '@intake/application-intakes';
import { stall } from '@intake/domain-intake';
import { UnitOfWork } from '@intake/kernel';
import { ChaseQueue, type ChaseOutcome, type DueChase } from '../ports/chase-queue.port';
import { SmsCredits } from '../manual/sms-credits';
import { PlannedReminders } from '../reminders/planned-reminders';

const SCHEDULER_META = { ip: null, requestId: null } as const;

/**
 * The outcome of a claimed chase, in one transaction: the intake locked first (as every intake
 * change does, so a concurrent PATCH waits rather than deadlocks), the outcome recorded under the
 * lease, then after the invitation or a reminder the next reminder planned, or the stall (with
 * `intake.stalled`) recorded with the last one.
 */
export class RecordChase {
  static readonly inject = [UnitOfWork, IntakeStore, ChaseQueue, PlannedReminders, IntakeWriter, SmsCredits] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly intakes: IntakeStore,
    private readonly queue: ChaseQueue,
    private readonly reminders: PlannedReminders,
    private readonly writer: IntakeWriter,
    private readonly credits: SmsCredits,
  ) {}

  /** False when the lease was lost (another scheduler took the chase over): nothing written. */
  record(chase: DueChase, worker: string, outcome: ChaseOutcome, now: Date): Promise<boolean> {
    return this.uow.run(async () => {
      const intake = await this.intakes.getForUpdate(systemAccess(chase.account_id), chase.intake_id);
      if (!(await this.queue.settle(chase.id, worker, outcome))) return false;
      if (intake && chase.channel === 'sms' && (outcome.status === 'failed' || outcome.status === 'cancelled')) {
        await this.giveBackCredit(intake.account_id, chase);
      }
      const wentOut = outcome.status === 'sent' || outcome.status === 'skipped';
      if (!intake || !wentOut || (chase.kind !== 'invite' && chase.kind !== 'reminder')) return true;
      const plan = await this.reminders.planNext(intake, now);
      if (plan.kind === 'stall') {
        await this.writer.change({ by: 'system', accountId: intake.account_id, intakeId: intake.id }, SCHEDULER_META, {
          action: 'intake.stalled',
          decide: (current, items, at) => stall(intakeState(current, items), at),
        });
      }
      return true;
    });
  }

  /** A live SMS chase took a credit when it was recorded (RecordManualChase); one never sent gives it back. */
  private async giveBackCredit(accountId: string, chase: DueChase): Promise<void> {
    const record = (await this.intakes.chases(chase.intake_id)).find((c) => c.id === chase.id);
    await this.credits.giveBack(accountId, record?.created_at ?? chase.scheduled_at);
  }
}
