import { DateTime } from 'luxon';
import { type IntakeEvent, type IntakeState } from './model';
import { missingItemKeys } from './progress';

/**
 * When a due date has passed: at the end of that day in the client's time zone, i.e. the next
 * local midnight (Luxon, so a day of 23 or 25 hours ends when the client's clock says so). A
 * midnight the spring-forward gap skips is the first instant of the next day that exists (01:00
 * in America/Santiago). A zone Luxon does not know is a caller's bug: RangeError.
 */
export function dueDateEnd(dueDate: string, timezone: string): Date {
  const day = DateTime.fromISO(dueDate, { zone: timezone });
  if (!day.isValid) throw new RangeError(`Cannot read the due date "${dueDate}" in the time zone "${timezone}".`);
  return day.plus({ days: 1 }).startOf('day').toJSDate();
}

/** The instant the overdue sweep looks for: the end of the due day, or null without a due date. */
export const overdueAt = (dueDate: string | null, timezone: string): Date | null =>
  dueDate === null ? null : dueDateEnd(dueDate, timezone);

/**
 * `intake.overdue` for an intake whose due date has passed (the caller checked the time): only
 * while the client is still asked for something — the intake is sent or in progress and a required
 * client item is pending or needs revision (docs/contract.md "Event kinds": waived items do not count).
 * Nothing otherwise.
 */
export function overdueEvent(intake: IntakeState, dueDate: string): IntakeEvent | undefined {
  if (intake.status !== 'sent' && intake.status !== 'in_progress') return undefined;
  const outstanding = missingItemKeys(intake.items);
  if (outstanding.length === 0) return undefined;
  return { type: 'intake.overdue', due_date: dueDate, outstanding_items: outstanding };
}
