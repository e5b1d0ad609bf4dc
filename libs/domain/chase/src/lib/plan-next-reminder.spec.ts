import { type IntakeStatus } from '@intake/domain-intake';
import { plan, type PlanOverrides, reminder, series } from '../../test/plan';
import { instant, local } from '../../test/time';
import { CADENCES, dayOffset } from './reminder-slots';

const PRAGUE = 'Europe/Prague';
const day = (n: number) => `2025-01-${String(n).padStart(2, '0')}`;

describe('planNextReminder: the schedules (invited Wednesday 2025-01-01 10:00 UTC)', () => {
  it.each<[string, PlanOverrides['settings'], string[]]>([
    [
      'default: after 2, 5 and 9 days, then weekly',
      { chase_schedule: 'default' },
      [3, 6, 10, 17, 24, 31].map((d) => `${day(d)}T10:00:00Z`),
    ],
    [
      'aggressive: after 1, 3 and 5 days, then every other day',
      { chase_schedule: 'aggressive' },
      [2, 4, 6, 8, 10].map((d) => `${day(d)}T10:00:00Z`),
    ],
    [
      'gentle: after 3 and 8 days, then every two weeks from the scheduled day; Saturday moves to Monday 08:00',
      { chase_schedule: 'gentle' },
      ['2025-01-06T08:00:00Z', '2025-01-09T10:00:00Z', '2025-01-23T10:00:00Z', '2025-02-06T10:00:00Z'],
    ],
    [
      'custom without an interval: every 3 days',
      { chase_schedule: 'custom', chase_interval_minutes: null },
      [4, 7, 10].map((d) => `${day(d)}T10:00:00Z`),
    ],
    [
      'custom 90 minutes',
      { chase_schedule: 'custom', chase_interval_minutes: 90 },
      ['2025-01-01T11:30:00Z', '2025-01-01T13:00:00Z', '2025-01-01T14:30:00Z'],
    ],
    [
      'custom 2 days',
      { chase_schedule: 'custom', chase_interval_minutes: 2880 },
      [3, 5, 7].map((d) => `${day(d)}T10:00:00Z`),
    ],
    [
      'custom 2 days at 09:00',
      { chase_schedule: 'custom', chase_interval_minutes: 2880, chase_at_time: '09:00' },
      [3, 5, 7].map((d) => `${day(d)}T09:00:00Z`),
    ],
    [
      'custom 1 day at 23:45',
      { chase_schedule: 'custom', chase_interval_minutes: 1440, chase_at_time: '23:45' },
      [2, 3, 4].map((d) => `${day(d)}T23:45:00Z`),
    ],
  ])('%s', (_name, chase, expected) => {
    expect(series({ settings: chase }, expected.length)).toEqual(expected);
  });

  it('off: no automatic reminders, even past max_reminders', () => {
    expect(plan({ settings: { chase_schedule: 'off' } })).toEqual({ kind: 'none' });
    expect(plan({ settings: { chase_schedule: 'off', max_reminders: 3 }, remindersSent: 3 })).toEqual({ kind: 'none' });
  });

  it.each<[IntakeStatus, string]>([
    ['draft', 'none'],
    ['sent', 'remind'],
    ['in_progress', 'remind'],
    ['completed', 'none'],
    ['archived', 'none'],
  ])('a %s intake: %s', (status, kind) => {
    expect(plan({ status }).kind).toBe(kind);
    expect(plan({ status, settings: { max_reminders: 1 }, remindersSent: 1 }).kind).toBe(
      kind === 'none' ? 'none' : 'stall',
    );
  });

  it('no invitation yet: nothing to plan', () => {
    expect(plan({ invitedAt: null })).toEqual({ kind: 'none' });
  });

  it('an unknown client time zone is a bug, not a plan', () => {
    expect(() => plan({ timezone: 'Nowhere/Special' })).toThrow(RangeError);
  });

  it('the cadence table is the spec table', () => {
    expect(CADENCES).toEqual({
      default: { after: [2, 5, 9], every: 7 },
      gentle: { after: [3, 8], every: 14 },
      aggressive: { after: [1, 3, 5], every: 2 },
    });
    expect([1, 2, 3, 4, 5].map((k) => dayOffset({ after: [], every: 4 }, k))).toEqual([4, 8, 12, 16, 20]);
  });
});

describe('planNextReminder: max_reminders and the stalled condition', () => {
  it.each<[number | null, number, object]>([
    [3, 0, { kind: 'remind', attempt_no: 1 }],
    [3, 2, { kind: 'remind', attempt_no: 3 }],
    [3, 3, { kind: 'stall' }],
    [3, 4, { kind: 'stall' }],
    [1, 0, { kind: 'remind', attempt_no: 1 }],
    [1, 1, { kind: 'stall' }],
    [1000, 999, { kind: 'remind', attempt_no: 1000 }],
    [1000, 1000, { kind: 'stall' }],
    [null, 0, { kind: 'remind', attempt_no: 1 }],
    [null, 5000, { kind: 'remind', attempt_no: 5001 }],
  ])('max_reminders %p with %i sent: %j', (max, sent, expected) => {
    expect(plan({ settings: { chase_schedule: 'aggressive', max_reminders: max }, remindersSent: sent })).toMatchObject(
      expected,
    );
  });

  it('a stall is planned right after the last allowed reminder went out', () => {
    const last = reminder(
      plan({ settings: { max_reminders: 2 }, remindersSent: 1, now: instant('2025-01-03T10:00Z') }),
    );
    expect(last).toEqual({ kind: 'remind', at: instant('2025-01-06T10:00Z'), attempt_no: 2 });
    expect(plan({ settings: { max_reminders: 2 }, remindersSent: 2, now: last.at })).toEqual({ kind: 'stall' });
  });
});

describe('planNextReminder: re-planning (PATCH, a late worker)', () => {
  it.each<[string, PlanOverrides, string, number]>([
    ['on time: the slot after the one just sent', { remindersSent: 1, now: instant('2025-01-03T10:00Z') }, day(6), 2],
    [
      'a millisecond before a slot: that slot',
      { remindersSent: 1, now: instant('2025-01-06T09:59:59.999Z') },
      day(6),
      2,
    ],
    ['between slots: the next slot', { remindersSent: 2, now: instant('2025-01-07T12:00Z') }, day(10), 3],
    ['after an outage: passed slots are skipped', { remindersSent: 1, now: instant('2025-01-20T00:00Z') }, day(24), 2],
    [
      'switched to aggressive with 2 sent: its first slot after now',
      { settings: { chase_schedule: 'aggressive' }, remindersSent: 2, now: instant('2025-01-06T12:00Z') },
      day(8),
      3,
    ],
    [
      'switched to gentle with 3 sent: counted from the invitation',
      { settings: { chase_schedule: 'gentle' }, remindersSent: 3, now: instant('2025-01-10T12:00Z') },
      day(23),
      4,
    ],
  ])('%s', (_name, overrides, expectedDay, attempt) => {
    expect(plan(overrides)).toEqual({ kind: 'remind', at: instant(`${expectedDay}T10:00Z`), attempt_no: attempt });
  });

  it('raising max_reminders of a stalled intake resumes at the next slot', () => {
    const now = instant('2025-01-12T00:00Z');
    expect(plan({ settings: { max_reminders: 3 }, remindersSent: 3, now })).toEqual({ kind: 'stall' });
    expect(plan({ settings: { max_reminders: 5 }, remindersSent: 3, now })).toEqual({
      kind: 'remind',
      at: instant('2025-01-17T10:00Z'),
      attempt_no: 4,
    });
  });
});

describe('planNextReminder: chase_at_time and quiet hours', () => {
  const daily = (atTime: string, quiet: boolean, invited = '2025-01-01T10:00') =>
    series(
      {
        timezone: PRAGUE,
        invitedAt: instant(invited, PRAGUE),
        settings: {
          chase_schedule: 'custom',
          chase_interval_minutes: 1440,
          chase_at_time: atTime,
          respect_quiet_hours: quiet,
        },
      },
      2,
    );

  it.each([
    ['09:00', true, ['2025-01-02T09:00:00+01:00', '2025-01-03T09:00:00+01:00']],
    ['07:00', true, ['2025-01-02T08:00:00+01:00', '2025-01-03T08:00:00+01:00']],
    ['07:00', false, ['2025-01-02T07:00:00+01:00', '2025-01-03T07:00:00+01:00']],
    ['19:00', true, ['2025-01-03T08:00:00+01:00', '2025-01-04T08:00:00+01:00']],
    ['18:59', true, ['2025-01-02T18:59:00+01:00', '2025-01-03T18:59:00+01:00']],
    ['23:30', false, ['2025-01-02T23:30:00+01:00', '2025-01-03T23:30:00+01:00']],
  ])('every day at %s, quiet hours %p: %j', (atTime, quiet, expected) => {
    expect(daily(atTime, quiet)).toEqual(expected);
  });

  it('custom every 5 minutes: held overnight when quiet hours are respected', () => {
    const every5 = (quiet: boolean) =>
      series(
        {
          timezone: PRAGUE,
          invitedAt: instant('2025-01-06T18:50', PRAGUE),
          settings: { chase_schedule: 'custom', chase_interval_minutes: 5, respect_quiet_hours: quiet },
        },
        3,
      );
    expect(every5(true)).toEqual([
      '2025-01-06T18:55:00+01:00',
      '2025-01-07T08:00:00+01:00',
      '2025-01-07T08:05:00+01:00',
    ]);
    expect(every5(false)).toEqual([
      '2025-01-06T18:55:00+01:00',
      '2025-01-06T19:00:00+01:00',
      '2025-01-06T19:05:00+01:00',
    ]);
  });

  it.each([
    // every 13 hours from 07:00 UTC: 20:00 (held to 08:00), 09:00, 22:00 (held to 08:00), 11:00, ...
    ['2025-01-01T08:00Z', '2025-01-02T08:00:00Z'],
    ['2025-01-02T02:00Z', '2025-01-02T08:00:00Z'],
    ['2025-01-02T08:00Z', '2025-01-02T09:00:00Z'],
    ['2025-01-03T02:00Z', '2025-01-03T08:00:00Z'],
    ['2025-01-03T08:30Z', '2025-01-03T11:00:00Z'],
  ])('custom minute intervals re-planned at %s: a held slot that passed still counts (%s)', (now, expected) => {
    const planned = plan({
      invitedAt: instant('2025-01-01T07:00Z'),
      now: instant(now),
      settings: { chase_schedule: 'custom', chase_interval_minutes: 780, respect_quiet_hours: true },
    });
    expect(local(reminder(planned).at, 'UTC')).toBe(expected);
  });

  it('re-plans a 5-minute interval years after the invitation without walking every slot', () => {
    const started = performance.now();
    const planned = plan({
      invitedAt: instant('2015-01-01T10:00:03Z'),
      now: instant('2025-06-01T12:00Z'),
      settings: { chase_schedule: 'custom', chase_interval_minutes: 5 },
    });
    expect(reminder(planned).at).toEqual(instant('2025-06-01T12:00:03Z'));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
