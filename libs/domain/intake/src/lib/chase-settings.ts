import { type ErrorDetail } from '@intake/errors';

export const CHASE_SCHEDULES = ['default', 'gentle', 'aggressive', 'custom', 'off'] as const;
export type ChaseSchedule = (typeof CHASE_SCHEDULES)[number];
export const INTERVAL_UNITS = ['minutes', 'hours', 'days'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

const MINUTES_PER: Record<IntervalUnit, number> = { minutes: 1, hours: 60, days: 1440 };
export const MIN_INTERVAL_MINUTES = 5;
export const MAX_INTERVAL_MINUTES = 90 * 1440;
/** The custom interval when none is given: 3 days. */
export const DEFAULT_CUSTOM_INTERVAL_MINUTES = 3 * 1440;
export const DEFAULT_MAX_REMINDERS = 3;
export const MAX_REMINDERS_LIMIT = 1000;

export interface ChaseSettings {
  chase_schedule: ChaseSchedule;
  /** Normalised interval; null unless the schedule is custom. */
  chase_interval_minutes: number | null;
  chase_at_time: string | null;
  respect_quiet_hours: boolean;
  /** null: unlimited. */
  max_reminders: number | null;
}

export const DEFAULT_CHASE_SETTINGS: ChaseSettings = {
  chase_schedule: 'default',
  chase_interval_minutes: null,
  chase_at_time: null,
  respect_quiet_hours: true,
  max_reminders: DEFAULT_MAX_REMINDERS,
};

/** Fields as a request gives them; `undefined` means "not given". */
export interface ChaseSettingsInput {
  chase_schedule?: ChaseSchedule;
  chase_interval?: number;
  chase_interval_unit?: IntervalUnit;
  chase_at_time?: string | null;
  respect_quiet_hours?: boolean;
  max_reminders?: number | 'unlimited';
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Applies a request's chase fields over `current` (defaults on creation, stored settings on
 * PATCH) and checks the spec's rules: chase_interval and its unit only with `custom` (422), the
 * interval between 5 minutes and 90 days, chase_at_time only with a custom whole-day interval,
 * max_reminders 1 to 1000 or unlimited. Leaving custom clears the interval and chase_at_time.
 */
export function resolveChaseSettings(
  input: ChaseSettingsInput,
  current: ChaseSettings,
): { settings?: ChaseSettings; details: ErrorDetail[] } {
  const details: ErrorDetail[] = [];
  const schedule = input.chase_schedule ?? current.chase_schedule;
  const custom = schedule === 'custom';

  if (!custom && input.chase_interval !== undefined) {
    details.push({ path: 'chase_interval', message: 'is only accepted with chase_schedule custom' });
  }
  if (!custom && input.chase_interval_unit !== undefined) {
    details.push({ path: 'chase_interval_unit', message: 'is only accepted with chase_schedule custom' });
  }

  let interval: number | null = null;
  if (custom) {
    if (input.chase_interval !== undefined) {
      interval = input.chase_interval * MINUTES_PER[input.chase_interval_unit ?? 'days'];
    } else if (input.chase_interval_unit !== undefined) {
      details.push({ path: 'chase_interval', message: 'is required when chase_interval_unit is given' });
    } else {
      interval = current.chase_interval_minutes ?? DEFAULT_CUSTOM_INTERVAL_MINUTES;
    }
    if (interval !== null && (interval < MIN_INTERVAL_MINUTES || interval > MAX_INTERVAL_MINUTES)) {
      details.push({
        path: 'chase_interval',
        message: 'must make an interval of at least 5 minutes and at most 90 days',
      });
    }
  }

  let atTime = input.chase_at_time === undefined ? (custom ? current.chase_at_time : null) : input.chase_at_time;
  if (input.chase_at_time !== undefined && input.chase_at_time !== null) {
    if (!HH_MM.test(input.chase_at_time))
      details.push({ path: 'chase_at_time', message: 'must be HH:MM (00:00 to 23:59)' });
    else if (!custom || interval === null || interval % 1440 !== 0) {
      details.push({
        path: 'chase_at_time',
        message: 'requires chase_schedule custom with a whole number of days as interval',
      });
    }
  } else if (atTime !== null && (interval === null || interval % 1440 !== 0)) {
    atTime = null; // the stored time no longer fits the new interval
  }

  let maxReminders = current.max_reminders;
  if (input.max_reminders !== undefined) {
    if (input.max_reminders === 'unlimited') maxReminders = null;
    else if (
      !Number.isInteger(input.max_reminders) ||
      input.max_reminders < 1 ||
      input.max_reminders > MAX_REMINDERS_LIMIT
    ) {
      details.push({ path: 'max_reminders', message: 'must be a whole number from 1 to 1000, or "unlimited"' });
    } else maxReminders = input.max_reminders;
  }

  if (details.length > 0) return { details };
  return {
    settings: {
      chase_schedule: schedule,
      chase_interval_minutes: custom ? interval : null,
      chase_at_time: atTime,
      respect_quiet_hours: input.respect_quiet_hours ?? current.respect_quiet_hours,
      max_reminders: maxReminders,
    },
    details,
  };
}
