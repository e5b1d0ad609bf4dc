import { type ChaseSettings, DEFAULT_CUSTOM_INTERVAL_MINUTES } from '@intake/domain-intake';
import { type DateTime } from 'luxon';
import { holdLocal, onLocalDay, skipWeekendLocal, type WallClock, wallClockOf } from './local-time';

/** Reminders `after` so many days from the invitation, then one every `every` days after the last of them. */
export interface Cadence {
  after: readonly number[];
  every: number;
}

/** docs/contract.md "Chase schedules", the fixed ones. */
export const CADENCES = {
  default: { after: [2, 5, 9], every: 7 },
  gentle: { after: [3, 8], every: 14 },
  aggressive: { after: [1, 3, 5], every: 2 },
} as const satisfies Record<'default' | 'gentle' | 'aggressive', Cadence>;

const MINUTES_PER_DAY = 1440;
const MS_PER_MINUTE = 60_000;

/** Days from the invitation to reminder slot `k` (counted from 1) of a cadence. */
export function dayOffset(cadence: Cadence, k: number): number {
  const last = cadence.after.at(-1) ?? 0;
  return cadence.after[k - 1] ?? last + (k - cadence.after.length) * cadence.every;
}

/**
 * A schedule's reminder slots, counted from 1, as local times after quiet hours and the weekend
 * move; `from` is the first slot that can still lie after the planning instant.
 */
export interface Slots {
  from: number;
  at: (k: number) => DateTime;
}

/** The slots of `settings` for an intake invited at `invited` (in the client's zone); null when off. */
export function reminderSlots(settings: ChaseSettings, invited: DateTime, now: Date): Slots | null {
  const scheduled = scheduledSlots(settings, invited, now);
  if (scheduled === null) return null;
  const hold = settings.respect_quiet_hours ? holdLocal : asIs;
  const move = settings.chase_schedule === 'gentle' ? skipWeekendLocal : asIs;
  return { from: scheduled.from, at: (k) => move(hold(scheduled.at(k))) };
}

const asIs = (at: DateTime): DateTime => at;

function scheduledSlots(settings: ChaseSettings, invited: DateTime, now: Date): Slots | null {
  switch (settings.chase_schedule) {
    case 'off':
      return null;
    case 'custom':
      return customSlots(settings, invited, now);
    default:
      return daily(CADENCES[settings.chase_schedule], invited, wallClockOf(invited));
  }
}

/** Calendar days in the client's zone, at a fixed wall-clock time: DST does not move a reminder. */
function daily(cadence: Cadence, invited: DateTime, time: WallClock): Slots {
  return { from: 1, at: (k) => onLocalDay(invited, dayOffset(cadence, k), time) };
}

function customSlots(settings: ChaseSettings, invited: DateTime, now: Date): Slots {
  const minutes = settings.chase_interval_minutes ?? DEFAULT_CUSTOM_INTERVAL_MINUTES;
  if (minutes % MINUTES_PER_DAY === 0) {
    const time = settings.chase_at_time === null ? wallClockOf(invited) : parseAtTime(settings.chase_at_time);
    return daily({ after: [], every: minutes / MINUTES_PER_DAY }, invited, time);
  }
  // Minute and hour intervals are elapsed time. Quiet hours only ever delay a slot, and all the slots
  // they hold to one morning land on the same instant, so the slot before the first one after `now`
  // is the earliest that can still be after it: no need to walk every slot since the invitation.
  const step = minutes * MS_PER_MINUTE;
  const passed = Math.floor((now.getTime() - invited.toMillis()) / step);
  return { from: Math.max(1, passed), at: (k) => invited.plus({ milliseconds: k * step }) };
}

/** `HH:MM`, as resolveChaseSettings accepted it. */
function parseAtTime(atTime: string): WallClock {
  return { hour: Number(atTime.slice(0, 2)), minute: Number(atTime.slice(3, 5)) };
}
