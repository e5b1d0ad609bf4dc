import { IntakeStore, type IntakeRecord, ReminderPlanner, remindersSent } from '@intake/application-intakes';
import { planNextReminder, type ReminderPlan } from '@intake/domain-chase';
import { newId } from '@intake/ids';

/**
 * The intakes context's ReminderPlanner, by the chase planner: only the next reminder is ever
 * `scheduled`. Runs in the caller's unit of work (the intake is locked by the write path).
 */
export class PlannedReminders extends ReminderPlanner {
  static readonly inject = [IntakeStore] as const;

  constructor(private readonly intakes: IntakeStore) {
    super();
  }

  /** A schedule change (PATCH), a resumed or reopened intake: the pending reminder is planned again. */
  async replan(intake: IntakeRecord, now: Date): Promise<void> {
    await this.intakes.cancelScheduledChases(intake.id, ['reminder']);
    await this.planNext(intake, now);
  }

  /**
   * Plans the next reminder after the invitation or a reminder went out. `stall` when
   * max_reminders reminders went out (the caller records it); `none` when nothing is chased, the
   * intake has stalled, or a reminder is already scheduled.
   */
  async planNext(intake: IntakeRecord, now: Date): Promise<ReminderPlan> {
    if (intake.stalled_at !== null) return { kind: 'none' };
    const chases = await this.intakes.chases(intake.id);
    if (chases.some((c) => c.kind === 'reminder' && c.status === 'scheduled')) return { kind: 'none' };
    const plan = planNextReminder({
      settings: intake,
      timezone: intake.client_timezone,
      status: intake.status,
      invitedAt: intake.sent_at,
      remindersSent: remindersSent(chases),
      now,
    });
    if (plan.kind === 'remind') {
      await this.intakes.insertChase({
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
      });
    }
    return plan;
  }
}
