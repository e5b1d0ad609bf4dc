import { DateTime, IANAZone } from 'luxon';

/**
 * docs/contract.md "Limits": with quiet hours respected, reminders go out from 08:00 to 19:00 client local
 * time.
 */
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

/** How many offsets a zone remembers before it forgets them all (a few hundred kB at most). */
export const REMEMBERED_OFFSETS = 4096;

/**
 * An IANA zone that remembers the offsets it computed. Luxon asks `offset(ts)` several times for
 * every local-time operation and answers each with `Intl.DateTimeFormat#formatToParts`, which is
 * most of the planner's cost; local midnights of one zone and day recur across every intake
 * planned, so their offsets are looked up instead. The offset of an instant never changes while
 * the process runs (the time-zone data is the runtime's), so remembering is exact, not a guess.
 */
export class RememberingZone extends IANAZone {
  private readonly offsets = new Map<number, number>();

  override offset(ts: number): number {
    let offset = this.offsets.get(ts);
    if (offset === undefined) {
      offset = super.offset(ts);
      if (this.offsets.size >= REMEMBERED_OFFSETS) this.offsets.clear();
      this.offsets.set(ts, offset);
    }
    return offset;
  }
}

const zones = new Map<string, RememberingZone>();

/** The one RememberingZone of each known name (an unknown name gets a fresh, invalid one each time). */
export function zoneNamed(timezone: string): RememberingZone {
  let zone = zones.get(timezone);
  if (zone === undefined) {
    zone = new RememberingZone(timezone);
    if (zone.isValid) zones.set(timezone, zone); // unknown names are refused below, never kept
  }
  return zone;
}

/** The client's local view of an instant. A zone Luxon does not know is a caller's bug: RangeError. */
export function inZone(at: Date, timezone: string): DateTime {
  const local = DateTime.fromJSDate(at, { zone: zoneNamed(timezone) });
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
