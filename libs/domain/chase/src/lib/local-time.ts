import { DateTime } from 'luxon';

/** SPEC.md "Limits": with quiet hours respected, reminders go out from 08:00 to 19:00 client local time. */
export const REMINDER_WINDOW = { opensAt: 8, closesAt: 19 } as const;

/** A local wall-clock time; omitted seconds and milliseconds are zero. */
export interface WallClock {
  hour: number;
  minute: number;
  second?: number;
  millisecond?: number;
}

const OPENING: WallClock = { hour: REMINDER_WINDOW.opensAt, minute: 0 };
const SATURDAY = 6;
const NEXT_MONDAY = 8;

/** The client's local view of an instant. A zone Luxon does not know is a caller's bug: RangeError. */
export function inZone(at: Date, timezone: string): DateTime {
  const local = DateTime.fromJSDate(at, { zone: timezone });
  if (!local.isValid) throw new RangeError(`Unknown time zone "${timezone}".`);
  return local;
}

export const wallClockOf = ({ hour, minute, second, millisecond }: DateTime): WallClock => ({
  hour,
  minute,
  second,
  millisecond,
});

/**
 * `time` on the local date `days` after the date of `day`. The wall-clock time is resolved from that
 * date's midnight, so the result never depends on the offset `day` happened to have: a time the
 * spring-forward gap skips moves forward by the gap (Luxon), and a time the fall-back overlap repeats
 * is its first occurrence (the offset in force at midnight).
 */
export function onLocalDay(day: DateTime, days: number, time: WallClock): DateTime {
  return day.startOf('day').plus({ days }).set(time);
}

/** Quiet hours: before 08:00 waits for 08:00 that day; from 19:00 on waits for 08:00 the next day. */
export function holdLocal(at: DateTime): DateTime {
  if (at.hour < REMINDER_WINDOW.opensAt) return onLocalDay(at, 0, OPENING);
  if (at.hour >= REMINDER_WINDOW.closesAt) return onLocalDay(at, 1, OPENING);
  return at;
}

/** The gentle schedule skips weekends: Saturday or Sunday (client local) moves to Monday 08:00. */
export function skipWeekendLocal(at: DateTime): DateTime {
  return at.weekday >= SATURDAY ? onLocalDay(at, NEXT_MONDAY - at.weekday, OPENING) : at;
}

/** {@link holdLocal} on plain instants. */
export const holdForQuietHours = (at: Date, timezone: string): Date => holdLocal(inZone(at, timezone)).toJSDate();

/** {@link skipWeekendLocal} on plain instants. */
export const skipWeekend = (at: Date, timezone: string): Date => skipWeekendLocal(inZone(at, timezone)).toJSDate();
