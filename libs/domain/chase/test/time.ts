import { DateTime } from 'luxon';

/** An instant from an ISO string; without an offset the string is read as local time in `zone`. */
export function instant(iso: string, zone = 'UTC'): Date {
  const parsed = DateTime.fromISO(iso, { zone });
  if (!parsed.isValid) throw new Error(`bad test time ${iso} in ${zone}`);
  return parsed.toJSDate();
}

/** An instant as the client sees it: local ISO time with the offset, e.g. 2024-03-31T08:00:00+02:00. */
export const local = (at: Date, zone: string): string =>
  DateTime.fromJSDate(at, { zone }).toISO({ suppressMilliseconds: true }) ?? 'invalid';
