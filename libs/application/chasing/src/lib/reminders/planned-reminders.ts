import { type ChaseRecord, IntakeStore, type IntakeRecord, ReminderPlanner } from '@intake/application-intakes';
import { planNextReminder, type ReminderPlan } from '@intake/domain-chase';
import { newId } from '@intake/ids';

const COUNTED: readonly ChaseRecord['status'][] = ['sent', 'skipped', 'failed', 'bounced', 'complained'];

/**
 * Automatic reminders that went out (or would have: a test intake's are `skipped`): the last one's
 * attempt_no. It never resets; the invitation, revision notices and manual chases do not count.
 */
export function remindersSent(chases: readonly ChaseRecord[]): number {
  return chases
    .filter((c) => c.kind === 'reminder' && COUNTED.includes(c.status))
    .reduce((last, c) => Math.max(last, c.attempt_no), 0);
}

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
