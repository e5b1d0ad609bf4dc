import { type ClockedPass } from '@intake/application-scheduling';
import { overdueEvent } from '@intake/domain-intake';
import { SYSTEM_ACTOR } from '@intake/domain-kernel';
import { AuditRecorder, UnitOfWork } from '@intake/kernel';
import { intakeState } from '../model/intake-state';
import { IntakeSweeps, type SweptIntake } from '../ports/intake-sweeps.port';
import { IntakeStore } from '../ports/intake-store.port';
import { IntakeEvents } from '../write-path/intake-events';
import { systemAccess } from '../write-path/intake-writer';
import { sweepInBatches } from './sweep-in-batches';

/** Intakes claimed (and their events written) per transaction. */
export const OVERDUE_BATCH = 50;
const SCHEDULER_META = { ip: null, requestId: null } as const;

/**
 * The scheduler pass `intakes.overdue`: `intake.overdue` once per intake, the first time the due
 * date has passed — the end of that day in the client's zone (`overdue_at`, kept by the write path)
 * — while a required client item is pending or needs revision. Claiming marks the intake
 * (`overdue_notified_at`) in the transaction that writes the event to the outbox, the audit entry
 * `intake.overdue` and the owner's notification (IntakeEvents), so it fires exactly once, whatever
 * the owner's notification settings. Test intakes run the same (the event carries mode test);
 * those on a test clock when their clock advances (`runOn`).
 */
export class SweepOverdueIntakes implements ClockedPass {
  static readonly inject = [UnitOfWork, IntakeSweeps, IntakeStore, AuditRecorder, IntakeEvents] as const;

  readonly name = 'intakes.overdue';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly sweeps: IntakeSweeps,
    private readonly intakes: IntakeStore,
    private readonly audit: AuditRecorder,
    private readonly events: IntakeEvents,
  ) {}

  run(now: Date): Promise<number> {
    return this.runOn(null, now);
  }

  async runOn(clock: string | null, now: Date): Promise<number> {
    const fired = await sweepInBatches(this.uow, OVERDUE_BATCH, {
      claim: (skip) => this.sweeps.claimOverdue(now, OVERDUE_BATCH, skip, clock),
      handle: (intake) => this.fire(intake, now),
    });
    return fired.filter(Boolean).length;
  }

  private async fire({ id, account_id }: SweptIntake, now: Date): Promise<boolean> {
    const intake = await this.intakes.get(systemAccess(account_id), id);
    if (!intake?.due_date) return false;
    const items = await this.intakes.items(id);
    // The claim checked the same rule under the row lock; this only builds the event from it.
    const event = overdueEvent(intakeState(intake, items), intake.due_date);
    if (event?.type !== 'intake.overdue') return false;
    await this.audit.record(account_id, SYSTEM_ACTOR, 'intake.overdue', id, SCHEDULER_META, {
      due_date: event.due_date,
      outstanding_items: event.outstanding_items,
    });
    await this.events.emit(intake, [event], now, items);
    return true;
  }
}
