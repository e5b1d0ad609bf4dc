import { type ChaseRecord, ReminderPlanner, remindersSent } from '@intake/application-intakes';
import { planNextReminder, type ReminderPlan } from '@intake/domain-chase';
import { newId } from '@intake/ids';
import { ChaseStore } from '../ports/chase-store.port';
import { type IntakeRecord } from '@intake/domain-intake';

/**
 * The intakes context's ReminderPlanner, by the chase planner: only the next reminder is ever
 * `scheduled`. Runs in the caller's unit of work (the intake is locked by the write path).
 */
export class PlannedReminders extends ReminderPlanner {
  static readonly inject = [ChaseStore] as const;

  constructor(private readonly chases: ChaseStore) {
    super();
  }

  /** A schedule change (PATCH), a resumed or reopened intake: the pending reminder is planned again. */
  async replan(intake: IntakeRecord, now: Date): Promise<void> {
    await this.chases.cancelScheduledChases(intake.id, ['reminder']);
    await this.planNext(intake, now);
  }

  /**
   * Plans the next reminder after the invitation or a reminder went out. `stall` when
   * max_reminders reminders went out (the caller records it); `none` when nothing is chased, the
   * intake has stalled, or a reminder is already scheduled.
   */
  async planNext(intake: IntakeRecord, now: Date): Promise<ReminderPlan> {
    if (intake.stalled_at !== null) return NONE;
    const { plan, next } = decide(intake, await this.chases.chases(intake.id), now);
    if (next) await this.chases.insertChase(next);
    return plan;
  }

  /** planNext for several intakes at once (a scheduler batch): one read of their chases, one insert. */
  async planNextMany(intakes: readonly IntakeRecord[], now: Date): Promise<Map<string, ReminderPlan>> {
    const plans = new Map<string, ReminderPlan>();
    const chased = intakes.filter((i) => i.stalled_at === null);
    for (const intake of intakes) if (intake.stalled_at !== null) plans.set(intake.id, NONE);
    if (chased.length === 0) return plans;
    const chases = new Map<string, ChaseRecord[]>();
    for (const chase of await this.chases.chasesOfMany(chased.map((i) => i.id))) {
      chases.set(chase.intake_id, [...(chases.get(chase.intake_id) ?? []), chase]);
    }
    const inserts: ChaseRecord[] = [];
    for (const intake of chased) {
      const { plan, next } = decide(intake, chases.get(intake.id) ?? [], now);
      plans.set(intake.id, plan);
      if (next) inserts.push(next);
    }
    await this.chases.insertChases(inserts);
    return plans;
  }
}

const NONE: ReminderPlan = { kind: 'none' };

/** The plan for an intake with these chases, and the reminder to store when there is one. */
function decide(
  intake: IntakeRecord,
  chases: readonly ChaseRecord[],
  now: Date,
): { plan: ReminderPlan; next?: ChaseRecord } {
  if (chases.some((c) => c.kind === 'reminder' && c.status === 'scheduled')) return { plan: NONE };
  const plan = planNextReminder({
    settings: intake,
    timezone: intake.client_timezone,
    status: intake.status,
    invitedAt: intake.sent_at,
    remindersSent: remindersSent(chases),
    now,
  });
  if (plan.kind !== 'remind') return { plan };
  return {
    plan,
    next: {
      id: newId('chase'),
      intake_id: intake.id,
      channel: 'email',
      kind: 'reminder',
      status: 'scheduled',
      scheduled_at: plan.at,
      sent_at: null,
      attempt_no: plan.attempt_no,
      missing_items_count: null,
      error: null,
      created_at: now,
    },
  };
}
