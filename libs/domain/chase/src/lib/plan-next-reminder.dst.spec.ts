import { type ChaseSettings } from '@intake/domain-intake';
import { series } from '../../test/plan';
import { instant } from '../../test/time';

const PRAGUE = 'Europe/Prague';
const NEW_YORK = 'America/New_York';
const TOKYO = 'Asia/Tokyo';
const HOUR = 3_600_000;

/** The first `count` reminders (local times) for an intake invited at local time `invited` in `zone`. */
const reminders = (zone: string, invited: string, chase: Partial<ChaseSettings>, count = 1, now?: string) =>
  series(
    {
      timezone: zone,
      invitedAt: instant(invited, zone),
      now: now === undefined ? undefined : instant(now, zone),
      settings: chase,
    },
    count,
  );

describe('day counts keep the local wall-clock time across DST changes', () => {
  it.each([
    [PRAGUE, '2024-03-29T10:00', '2024-03-31T10:00:00+02:00', 47],
    [PRAGUE, '2024-10-25T10:00', '2024-10-27T10:00:00+01:00', 49],
    [NEW_YORK, '2024-03-08T10:00', '2024-03-10T10:00:00-04:00', 47],
    [NEW_YORK, '2024-11-01T10:00', '2024-11-03T10:00:00-05:00', 49],
    [TOKYO, '2024-03-29T10:00', '2024-03-31T10:00:00+09:00', 48],
    ['UTC', '2024-10-25T10:00', '2024-10-27T10:00:00Z', 48],
  ])('%s: invited %s, default schedule: %s (%i hours later)', (zone, invited, expected, hours) => {
    const [first] = reminders(zone, invited, { chase_schedule: 'default' });
    expect(first).toBe(expected);
    expect(instant(first ?? '').getTime() - instant(invited, zone).getTime()).toBe(hours * HOUR);
  });
});

describe('quiet hours across DST changes', () => {
  it.each([
    [PRAGUE, '2024-03-28T21:00', '2024-03-31T08:00:00+02:00'],
    [PRAGUE, '2024-03-29T05:00', '2024-03-31T08:00:00+02:00'],
    [PRAGUE, '2024-10-24T21:00', '2024-10-27T08:00:00+01:00'],
    [PRAGUE, '2024-10-25T02:30', '2024-10-27T08:00:00+01:00'],
    [NEW_YORK, '2024-03-07T21:00', '2024-03-10T08:00:00-04:00'],
    [NEW_YORK, '2024-03-08T02:30', '2024-03-10T08:00:00-04:00'],
    [NEW_YORK, '2024-10-31T21:00', '2024-11-03T08:00:00-05:00'],
    [NEW_YORK, '2024-11-01T01:30', '2024-11-03T08:00:00-05:00'],
    [TOKYO, '2024-03-28T21:00', '2024-03-31T08:00:00+09:00'],
    ['UTC', '2024-10-24T19:00', '2024-10-27T08:00:00Z'],
  ])('%s: invited %s, default schedule: held to %s', (zone, invited, expected) => {
    expect(reminders(zone, invited, { chase_schedule: 'default', respect_quiet_hours: true })).toEqual([expected]);
  });

  it.each([
    // 6 elapsed hours each, so the local clock jumps with the change: 11:00 and 17:00, not 10:00 and 16:00
    [
      PRAGUE,
      '2024-03-30T22:00',
      ['2024-03-31T08:00:00+02:00', '2024-03-31T11:00:00+02:00', '2024-03-31T17:00:00+02:00'],
    ],
    [
      NEW_YORK,
      '2024-11-02T22:00',
      ['2024-11-03T08:00:00-05:00', '2024-11-03T09:00:00-05:00', '2024-11-03T15:00:00-05:00'],
    ],
    [
      TOKYO,
      '2024-03-30T22:00',
      ['2024-03-31T08:00:00+09:00', '2024-03-31T10:00:00+09:00', '2024-03-31T16:00:00+09:00'],
    ],
  ])('%s: custom every 6 hours from %s: %j', (zone, invited, expected) => {
    const chase = { chase_schedule: 'custom', chase_interval_minutes: 360, respect_quiet_hours: true } as const;
    expect(reminders(zone, invited, chase, 3)).toEqual(expected);
  });
});

describe('a local time the spring-forward gap skips moves forward by the gap', () => {
  it.each<[string, string, Partial<ChaseSettings>, string[]]>([
    [
      PRAGUE,
      '2024-03-29T02:30',
      { chase_schedule: 'default' },
      ['2024-03-31T03:30:00+02:00', '2024-04-03T02:30:00+02:00'],
    ],
    [
      NEW_YORK,
      '2024-03-08T02:30',
      { chase_schedule: 'default' },
      ['2024-03-10T03:30:00-04:00', '2024-03-13T02:30:00-04:00'],
    ],
    [
      PRAGUE,
      '2024-03-30T12:00',
      { chase_schedule: 'custom', chase_interval_minutes: 1440, chase_at_time: '02:30' },
      ['2024-03-31T03:30:00+02:00', '2024-04-01T02:30:00+02:00'],
    ],
  ])('%s: invited %s with %j: %j', (zone, invited, chase, expected) => {
    expect(reminders(zone, invited, chase, 2)).toEqual(expected);
  });
});

describe('a local time the fall-back overlap repeats is its first occurrence', () => {
  it('New York 01:30 on 2024-11-03 is 01:30 EDT (05:30 UTC)', () => {
    expect(reminders(NEW_YORK, '2024-11-01T01:30', { chase_schedule: 'default' })).toEqual([
      '2024-11-03T01:30:00-04:00',
    ]);
    expect(instant('2024-11-03T01:30:00-04:00')).toEqual(instant('2024-11-03T05:30:00Z'));
  });

  it('also when the invitation was sent in standard time', () => {
    expect(reminders(NEW_YORK, '2024-03-09T01:30', { chase_schedule: 'aggressive' }, 2, '2024-11-02T12:00')).toEqual([
      '2024-11-03T01:30:00-04:00',
      '2024-11-05T01:30:00-05:00',
    ]);
  });

  it.each<[string, string, Partial<ChaseSettings>, string[]]>([
    [
      NEW_YORK,
      '2024-11-02T12:00',
      { chase_schedule: 'custom', chase_interval_minutes: 1440, chase_at_time: '01:30' },
      ['2024-11-03T01:30:00-04:00', '2024-11-04T01:30:00-05:00'],
    ],
    [
      PRAGUE,
      '2024-10-25T02:30',
      { chase_schedule: 'default' },
      ['2024-10-27T02:30:00+02:00', '2024-10-30T02:30:00+01:00'],
    ],
  ])('%s: invited %s with %j: %j', (zone, invited, chase, expected) => {
    expect(reminders(zone, invited, chase, 2)).toEqual(expected);
  });
});

describe('gentle: the weekend move across DST changes', () => {
  it.each([
    [PRAGUE, '2024-03-27T10:00', '2024-04-01T08:00:00+02:00'],
    [PRAGUE, '2024-10-23T10:00', '2024-10-28T08:00:00+01:00'],
    [NEW_YORK, '2024-03-07T10:00', '2024-03-11T08:00:00-04:00'],
    [NEW_YORK, '2024-10-30T10:00', '2024-11-04T08:00:00-05:00'],
    // Friday 20:00 is held to Saturday 08:00, which then moves to Monday
    [NEW_YORK, '2024-10-29T20:00', '2024-11-04T08:00:00-05:00'],
    [TOKYO, '2024-03-28T10:00', '2024-04-01T08:00:00+09:00'],
  ])('%s: invited %s: first reminder %s', (zone, invited, expected) => {
    expect(reminders(zone, invited, { chase_schedule: 'gentle', respect_quiet_hours: true })).toEqual([expected]);
  });
});
