import type { components } from '@intake/sdk-types';
import { type MessageKey } from '../../i18n/catalogues/en';

type Intake = components['schemas']['IntakeView'];
export type PatchIntake = components['schemas']['PatchIntakeRequest'];
export type Schedule = Intake['chase_schedule'];
export type IntervalUnit = NonNullable<PatchIntake['chase_interval_unit']>;

export const SCHEDULES: readonly Schedule[] = ['default', 'gentle', 'aggressive', 'custom', 'off'];
export const UNITS: readonly IntervalUnit[] = ['minutes', 'hours', 'days'];

/** The public limits of the chase settings (the API checks them again). */
export const MIN_INTERVAL_MINUTES = 5;
export const MAX_INTERVAL_MINUTES = 90 * 24 * 60;
export const MAX_REMINDERS_LIMIT = 1000;
const MINUTES_PER: Readonly<Record<IntervalUnit, number>> = { minutes: 1, hours: 60, days: 24 * 60 };

/** The edit-schedule form as typed: text fields stay strings until they are checked. */
export interface ScheduleForm {
  chase_schedule: Schedule;
  /** Only with `custom`. */
  interval: string;
  unit: IntervalUnit;
  /** HH:MM on the client's clock, or '' for none; only with `custom` in whole days. */
  chase_at_time: string;
  unlimited: boolean;
  max_reminders: string;
  respect_quiet_hours: boolean;
  /** YYYY-MM-DD, or '' for none. */
  due_date: string;
}

export type ScheduleField =
  | 'chase_schedule'
  | 'interval'
  | 'chase_at_time'
  | 'max_reminders'
  | 'respect_quiet_hours'
  | 'due_date';
export type ScheduleErrors = Partial<Record<ScheduleField, MessageKey>>;

/** The intake's normalised interval as the largest unit that divides it: 2880 minutes are 2 days. */
export function intervalOf(minutes: number | null): { interval: string; unit: IntervalUnit } {
  if (minutes === null || minutes <= 0) return { interval: '3', unit: 'days' };
  if (minutes % MINUTES_PER.days === 0) return { interval: String(minutes / MINUTES_PER.days), unit: 'days' };
  if (minutes % MINUTES_PER.hours === 0) return { interval: String(minutes / MINUTES_PER.hours), unit: 'hours' };
  return { interval: String(minutes), unit: 'minutes' };
}

/** The form filled with the intake's current settings. */
export function scheduleFormOf(intake: Intake): ScheduleForm {
  return {
    chase_schedule: intake.chase_schedule,
    ...intervalOf(intake.chase_interval_minutes),
    chase_at_time: intake.chase_at_time ?? '',
    unlimited: intake.max_reminders === 'unlimited',
    max_reminders: intake.max_reminders === 'unlimited' ? '3' : String(intake.max_reminders),
    respect_quiet_hours: intake.respect_quiet_hours,
    due_date: intake.due_date ?? '',
  };
}

const WHOLE = /^\d+$/;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const intervalMinutes = (form: ScheduleForm): number | undefined =>
  WHOLE.test(form.interval.trim()) ? Number(form.interval.trim()) * MINUTES_PER[form.unit] : undefined;

/** What is wrong with the form before it is sent, per field (the same rules the API applies). */
export function scheduleErrors(form: ScheduleForm): ScheduleErrors {
  const errors: ScheduleErrors = {};
  const custom = form.chase_schedule === 'custom';
  if (custom) {
    const minutes = intervalMinutes(form);
    if (minutes === undefined || minutes === 0) errors.interval = 'chasing.schedule.error.interval_number';
    else if (minutes < MIN_INTERVAL_MINUTES || minutes > MAX_INTERVAL_MINUTES)
      errors.interval = 'chasing.schedule.error.interval_range';
    if (form.chase_at_time) {
      if (!HH_MM.test(form.chase_at_time)) errors.chase_at_time = 'chasing.schedule.error.at_time_format';
      else if (form.unit !== 'days') errors.chase_at_time = 'chasing.schedule.error.at_time_days';
    }
  }
  if (!form.unlimited) {
    const max = form.max_reminders.trim();
    if (!WHOLE.test(max) || Number(max) < 1 || Number(max) > MAX_REMINDERS_LIMIT)
      errors.max_reminders = 'chasing.schedule.error.max_reminders';
  }
  if (form.due_date && (!DATE.test(form.due_date) || Number.isNaN(Date.parse(form.due_date))))
    errors.due_date = 'chasing.schedule.error.due_date';
  return errors;
}

/**
 * The PATCH body for what changed between `before` and `after` (empty when nothing did): changing
 * any chase setting re-plans the reminders, so an untouched form re-plans nothing. The schedule,
 * its interval and its time travel together; the interval and time only with `custom`.
 */
export function schedulePatch(before: ScheduleForm, after: ScheduleForm): PatchIntake {
  const patch: PatchIntake = {};
  const custom = after.chase_schedule === 'custom';
  const scheduleChanged =
    before.chase_schedule !== after.chase_schedule ||
    (custom &&
      (before.interval.trim() !== after.interval.trim() ||
        before.unit !== after.unit ||
        before.chase_at_time !== after.chase_at_time));
  if (scheduleChanged) {
    patch.chase_schedule = after.chase_schedule;
    if (custom) {
      patch.chase_interval = Number(after.interval.trim());
      patch.chase_interval_unit = after.unit;
      patch.chase_at_time = after.chase_at_time || null;
    }
  }
  const maxBefore = before.unlimited ? 'unlimited' : before.max_reminders.trim();
  const maxAfter = after.unlimited ? 'unlimited' : after.max_reminders.trim();
  if (maxBefore !== maxAfter) patch.max_reminders = after.unlimited ? 'unlimited' : Number(maxAfter);
  if (before.respect_quiet_hours !== after.respect_quiet_hours) patch.respect_quiet_hours = after.respect_quiet_hours;
  if (before.due_date !== after.due_date) patch.due_date = after.due_date || null;
  return patch;
}

/** The form field an API `details[].path` names (PATCH field names), or undefined for another. */
export function fieldOfPath(path: string): ScheduleField | undefined {
  const fields: Readonly<Record<string, ScheduleField>> = {
    chase_schedule: 'chase_schedule',
    chase_interval: 'interval',
    chase_interval_unit: 'interval',
    chase_at_time: 'chase_at_time',
    max_reminders: 'max_reminders',
    respect_quiet_hours: 'respect_quiet_hours',
    due_date: 'due_date',
  };
  return fields[path.replace(/^body\./, '')];
}

/** Each field's sentence when the API refused it; the API's own messages are English, so the form says it its way. */
const FIELD_ERROR: Readonly<Record<ScheduleField, MessageKey>> = {
  chase_schedule: 'chasing.schedule.error.schedule',
  interval: 'chasing.schedule.error.interval_range',
  chase_at_time: 'chasing.schedule.error.at_time_days',
  max_reminders: 'chasing.schedule.error.max_reminders',
  respect_quiet_hours: 'chasing.schedule.error.schedule',
  due_date: 'chasing.schedule.error.due_date',
};

/** The fields an error envelope's `details` names, each with its sentence; paths not on the form are left out. */
export function detailsByField(details: ReadonlyArray<{ path: string; message?: string }> | undefined): ScheduleErrors {
  const errors: ScheduleErrors = {};
  for (const detail of details ?? []) {
    const field = fieldOfPath(detail.path);
    if (field) errors[field] = FIELD_ERROR[field];
  }
  return errors;
}
