import { DateTime, IANAZone } from 'luxon';
import { instant, local } from '../../test/time';
import {
  holdForQuietHours,
  inZone,
  onLocalDay,
  REMEMBERED_OFFSETS,
  RememberingZone,
  skipWeekend,
  zoneNamed,
} from './local-time';

const PRAGUE = 'Europe/Prague';
const NEW_YORK = 'America/New_York';
const TOKYO = 'Asia/Tokyo';

describe('holdForQuietHours: 08:00 to 19:00 client local time', () => {
  it.each([
    // Prague springs forward on 2024-03-31 (02:00 CET -> 03:00 CEST)
    [PRAGUE, '2024-03-30T19:00:00+01:00', '2024-03-31T08:00:00+02:00'],
    [PRAGUE, '2024-03-31T01:30:00+01:00', '2024-03-31T08:00:00+02:00'],
    [PRAGUE, '2024-03-31T03:30:00+02:00', '2024-03-31T08:00:00+02:00'],
    [PRAGUE, '2024-03-31T07:59:59.999+02:00', '2024-03-31T08:00:00+02:00'],
    [PRAGUE, '2024-03-31T08:00:00+02:00', '2024-03-31T08:00:00+02:00'],
    [PRAGUE, '2024-03-31T08:30:00+02:00', '2024-03-31T08:30:00+02:00'],
    [PRAGUE, '2024-03-31T18:59:59+02:00', '2024-03-31T18:59:59+02:00'],
    [PRAGUE, '2024-03-31T19:00:00+02:00', '2024-04-01T08:00:00+02:00'],
    // Prague falls back on 2024-10-27 (03:00 CEST -> 02:00 CET)
    [PRAGUE, '2024-10-26T19:00:00+02:00', '2024-10-27T08:00:00+01:00'],
    [PRAGUE, '2024-10-27T02:30:00+02:00', '2024-10-27T08:00:00+01:00'],
    [PRAGUE, '2024-10-27T02:30:00+01:00', '2024-10-27T08:00:00+01:00'],
    [PRAGUE, '2024-10-27T23:59:00+01:00', '2024-10-28T08:00:00+01:00'],
    // New York springs forward on 2024-03-10 (02:00 EST -> 03:00 EDT)
    [NEW_YORK, '2024-03-09T20:00:00-05:00', '2024-03-10T08:00:00-04:00'],
    [NEW_YORK, '2024-03-10T01:59:00-05:00', '2024-03-10T08:00:00-04:00'],
    [NEW_YORK, '2024-03-10T18:30:00-04:00', '2024-03-10T18:30:00-04:00'],
    // New York falls back on 2024-11-03 (02:00 EDT -> 01:00 EST)
    [NEW_YORK, '2024-11-02T22:00:00-04:00', '2024-11-03T08:00:00-05:00'],
    [NEW_YORK, '2024-11-03T01:30:00-04:00', '2024-11-03T08:00:00-05:00'],
    [NEW_YORK, '2024-11-03T01:30:00-05:00', '2024-11-03T08:00:00-05:00'],
    [NEW_YORK, '2024-11-03T19:00:00-05:00', '2024-11-04T08:00:00-05:00'],
    // no DST
    [TOKYO, '2024-03-31T06:00:00+09:00', '2024-03-31T08:00:00+09:00'],
    [TOKYO, '2024-03-31T12:00:00+09:00', '2024-03-31T12:00:00+09:00'],
    [TOKYO, '2024-03-31T19:30:00+09:00', '2024-04-01T08:00:00+09:00'],
    ['UTC', '2024-12-31T19:00:00Z', '2025-01-01T08:00:00Z'],
    ['UTC', '2025-01-01T07:00:00Z', '2025-01-01T08:00:00Z'],
  ])('%s: %s is held to %s', (zone, at, expected) => {
    expect(local(holdForQuietHours(instant(at), zone), zone)).toBe(expected);
  });

  it('refuses a zone it does not know', () => {
    expect(() => holdForQuietHours(instant('2025-01-01T10:00:00Z'), 'Mars/Olympus_Mons')).toThrow(
      new RangeError('Unknown time zone "Mars/Olympus_Mons".'),
    );
  });

  it('refuses an unknown zone every time: a refused name is never remembered as a zone', () => {
    for (let i = 0; i < 2; i += 1) {
      expect(() => inZone(instant('2025-01-01T10:00:00Z'), 'Mars/Olympus_Mons')).toThrow(RangeError);
    }
  });
});

describe('inZone: remembered offsets are the zone offsets', () => {
  it('agrees with a plain Luxon zone at every hour across both changes of a year, asked twice', () => {
    // 8,760 instants a zone, more than it remembers at once: the forgetting is exercised as well
    const start = Date.parse('2024-01-01T00:00:00Z');
    const differences: string[] = [];
    for (let pass = 0; pass < 2; pass += 1) {
      for (let ts = start; ts < start + 365 * 86_400_000; ts += 3_600_000) {
        for (const zone of [PRAGUE, NEW_YORK]) {
          const offset = inZone(new Date(ts), zone).offset;
          if (offset !== DateTime.fromMillis(ts, { zone }).offset) differences.push(`${zone} ${ts}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });
});

describe('skipWeekend: Saturday and Sunday move to Monday 08:00 local', () => {
  it.each([
    [PRAGUE, '2025-01-04T10:00:00+01:00', '2025-01-06T08:00:00+01:00'],
    [PRAGUE, '2025-01-04T00:00:00+01:00', '2025-01-06T08:00:00+01:00'],
    [PRAGUE, '2025-01-05T23:30:00+01:00', '2025-01-06T08:00:00+01:00'],
    [PRAGUE, '2025-01-03T23:59:00+01:00', '2025-01-03T23:59:00+01:00'],
    [PRAGUE, '2025-01-06T05:00:00+01:00', '2025-01-06T05:00:00+01:00'],
    [PRAGUE, '2024-10-26T12:00:00+02:00', '2024-10-28T08:00:00+01:00'],
    [NEW_YORK, '2024-03-10T10:00:00-04:00', '2024-03-11T08:00:00-04:00'],
    // Saturday evening in New York is already Sunday in UTC: the client's weekday counts
    [NEW_YORK, '2025-01-04T21:00:00-05:00', '2025-01-06T08:00:00-05:00'],
    [NEW_YORK, '2025-01-05T20:00:00-05:00', '2025-01-06T08:00:00-05:00'],
    [TOKYO, '2024-03-31T12:00:00+09:00', '2024-04-01T08:00:00+09:00'],
    // Monday 07:00 in Tokyo is still Sunday in UTC
    [TOKYO, '2025-01-06T07:00:00+09:00', '2025-01-06T07:00:00+09:00'],
  ])('%s: %s moves to %s', (zone, at, expected) => {
    expect(local(skipWeekend(instant(at), zone), zone)).toBe(expected);
  });
});

describe('onLocalDay: a wall-clock time on a local date', () => {
  const on = (from: string, zone: string, days: number, hour: number, minute: number) =>
    local(onLocalDay(DateTime.fromISO(from, { zone }), days, { hour, minute }).toJSDate(), zone);

  it.each([
    // spring forward: the skipped 02:30 moves forward by the gap (Luxon)
    [PRAGUE, '2024-03-30T12:00:00+01:00', 1, 2, 30, '2024-03-31T03:30:00+02:00'],
    [NEW_YORK, '2024-03-09T12:00:00-05:00', 1, 2, 30, '2024-03-10T03:30:00-04:00'],
    // fall back: the repeated time is its first occurrence, whatever the offset of the starting point
    [NEW_YORK, '2024-11-02T12:00:00-04:00', 1, 1, 30, '2024-11-03T01:30:00-04:00'],
    [NEW_YORK, '2024-11-03T12:00:00-05:00', 0, 1, 30, '2024-11-03T01:30:00-04:00'],
    [NEW_YORK, '2024-11-03T01:10:00-05:00', 0, 1, 30, '2024-11-03T01:30:00-04:00'],
    [PRAGUE, '2024-10-27T12:00:00+01:00', 0, 2, 30, '2024-10-27T02:30:00+02:00'],
    [TOKYO, '2024-12-31T23:00:00+09:00', 2, 9, 5, '2025-01-02T09:05:00+09:00'],
  ])('%s: from %s, %i days on at %i:%i is %s', (zone, from, days, hour, minute, expected) => {
    expect(on(from, zone, days, hour, minute)).toBe(expected);
  });

  it('keeps seconds and milliseconds it is given', () => {
    const day = DateTime.fromISO('2025-01-01T00:00:00Z', { zone: 'UTC' });
    const at = onLocalDay(day, 2, { hour: 14, minute: 23, second: 17, millisecond: 123 });
    expect(at.toJSDate()).toEqual(instant('2025-01-03T14:23:17.123Z'));
  });
});

describe('RememberingZone: offsets computed once, a bounded memory of them', () => {
  const computed = () => jest.spyOn(IANAZone.prototype, 'offset');
  afterEach(() => jest.restoreAllMocks());
  const T = Date.UTC(2024, 2, 31, 0, 30); // 01:30 CET, half an hour before Prague springs forward

  it('answers a second question about one instant from memory, with the same offset', () => {
    const zone = new RememberingZone(PRAGUE);
    const spy = computed();
    expect(zone.offset(T)).toBe(60);
    expect(zone.offset(T)).toBe(60);
    expect(zone.offset(T + 3_600_000)).toBe(120);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it(`forgets everything when a ${REMEMBERED_OFFSETS + 1}th instant comes, not before`, () => {
    const zone = new RememberingZone(PRAGUE);
    for (let i = 0; i < REMEMBERED_OFFSETS; i += 1) zone.offset(T + i * 1000);
    const spy = computed();
    zone.offset(T); // the first is still remembered when the memory is full
    expect(spy).toHaveBeenCalledTimes(0);
    zone.offset(T + REMEMBERED_OFFSETS * 1000); // one more: the memory is cleared, then holds it
    expect(spy).toHaveBeenCalledTimes(1);
    zone.offset(T + REMEMBERED_OFFSETS * 1000);
    expect(spy).toHaveBeenCalledTimes(1);
    zone.offset(T);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('keeps one zone per known name, so its memory serves every plan', () => {
    // Names no other test uses: the first call here is the one that creates and keeps each zone.
    expect(zoneNamed('Pacific/Chatham')).toBe(zoneNamed('Pacific/Chatham'));
    expect(zoneNamed('Pacific/Chatham')).not.toBe(zoneNamed('Atlantic/Azores'));
    const at = new Date(T);
    inZone(at, 'America/Lima');
    const spy = computed();
    inZone(at, 'America/Lima');
    expect(spy).not.toHaveBeenCalled();
  });

  it('does not keep a zone of an unknown name', () => {
    expect(() => inZone(new Date(T), 'Mars/Olympus')).toThrow(RangeError);
    expect(zoneNamed('Mars/Olympus')).not.toBe(zoneNamed('Mars/Olympus'));
  });
});
