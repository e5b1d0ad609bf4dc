import { type ChaseSettings, type IntakeStatus } from '@intake/domain-intake';
import { inZone } from './local-time';
import { reminderSlots } from './reminder-slots';

export interface ReminderPlanInput {
  settings: ChaseSettings;
  /** client.timezone: the IANA zone that anchors the schedule, quiet hours and chase_at_time. */
  timezone: string;
  status: IntakeStatus;
  /** When the invitation (chase kind `invite`, attempt 0) went out; null while nothing was sent. */
  invitedAt: Date | null;
  /**
   * Automatic reminders sent so far (the last reminder's `attempt_no`, never reset by schedule
   * changes); the invitation, manual chases and revision notices do not count.
   */
  remindersSent: number;
  now: Date;
}

/**
 * `remind`: the next reminder is due `at`, numbered `attempt_no`. `stall`: max_reminders reminders
 * went out without completion (set `stalled_at`, fire `intake.stalled`). `none`: nothing to chase.
 */
export type ReminderPlan = { kind: 'remind'; at: Date; attempt_no: number } | { kind: 'stall' } | { kind: 'none' };

const CHASED: readonly IntakeStatus[] = ['sent', 'in_progress'];
const NONE: ReminderPlan = { kind: 'none' };
const STALL: ReminderPlan = { kind: 'stall' };

/**
 * The next automatic reminder of an intake, from its chase settings alone: after the invitation,
 * after each reminder and on every re-plan (PATCH, a raised max_reminders, a reopened intake). Slots
 * are counted from the invitation, never from the last reminder; the reminder is the first slot
 * strictly after `now`, so slots that passed unplanned are skipped and a re-plan at the instant a
 * reminder went out never repeats it.
 */
export function planNextReminder(input: ReminderPlanInput): ReminderPlan {
  const { settings, invitedAt, remindersSent, now } = input;
  if (!CHASED.includes(input.status) || invitedAt === null) return NONE;
  const slots = reminderSlots(settings, inZone(invitedAt, input.timezone), now);
  if (slots === null) return NONE;
  if (settings.max_reminders !== null && remindersSent >= settings.max_reminders) return STALL;
  for (let k = slots.from; ; k += 1) {
    const at = slots.at(k);
    if (at.toMillis() > now.getTime()) return { kind: 'remind', at: at.toJSDate(), attempt_no: remindersSent + 1 };
  }
}
