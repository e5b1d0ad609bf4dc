import { type ChaseSettings } from '@intake/domain-intake';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { plan, reminder } from '../../test/plan';
import { inZone } from './local-time';
import { reminderSlots } from './reminder-slots';

// Zones with and without DST, a half-hour DST (Lord Howe), DST changes at midnight (Santiago,
// São Paulo until 2019), a +12:45 offset (Chatham) and a zone whose offset changed (Pyongyang 2015/2018).
const zones = fc.constantFrom(
  'Europe/Prague',
  'America/New_York',
  'Asia/Tokyo',
  'UTC',
  'Australia/Lord_Howe',
  'America/Santiago',
  'America/Sao_Paulo',
  'Pacific/Chatham',
  'Asia/Pyongyang',
);
const invitations = fc.date({
  min: new Date('2015-01-01T00:00:00Z'),
  max: new Date('2035-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

type Chase = Pick<ChaseSettings, 'chase_schedule' | 'chase_interval_minutes' | 'chase_at_time'>;
const minuteIntervals = fc.record<Chase>({
  chase_schedule: fc.constant('custom'),
  chase_interval_minutes: fc.integer({ min: 5, max: 1439 }),
  chase_at_time: fc.constant(null),
});
const schedules = fc.oneof(
  fc.record<Chase>({
    chase_schedule: fc.constantFrom('default', 'gentle', 'aggressive'),
    chase_interval_minutes: fc.constant(null),
    chase_at_time: fc.constant(null),
  }),
  minuteIntervals,
  fc.record<Chase>({
    chase_schedule: fc.constant('custom'),
    chase_interval_minutes: fc.integer({ min: 1, max: 90 }).map((days) => days * 1440),
    chase_at_time: fc.option(hhmm, { nil: null }),
  }),
);

/** Eight reminders, each sent on time and the next planned at the instant it went out. */
function sendEight(chase: Partial<ChaseSettings>, timezone: string, invitedAt: Date): Date[] {
  const sent: Date[] = [];
  for (let now = invitedAt; sent.length < 8; ) {
    now = reminder(plan({ settings: chase, timezone, invitedAt, now, remindersSent: sent.length })).at;
    sent.push(now);
  }
  return sent;
}

describe('planNextReminder properties', () => {
  it('with quiet hours every reminder is within 08:00 to 19:00 local, gentle ones on weekdays', () => {
    fc.assert(
      fc.property(schedules, zones, invitations, (chase, zone, invitedAt) => {
        for (const at of sendEight({ ...chase, respect_quiet_hours: true }, zone, invitedAt)) {
          const local = DateTime.fromJSDate(at, { zone });
          expect(local.hour).toBeGreaterThanOrEqual(8);
          expect(local.hour).toBeLessThan(19);
          if (chase.chase_schedule === 'gentle') expect(local.weekday).toBeLessThanOrEqual(5);
        }
      }),
    );
  });

  it('reminders are strictly increasing, and re-planning between two of them gives the later one', () => {
    fc.assert(
      fc.property(
        schedules,
        zones,
        invitations,
        fc.boolean(),
        fc.integer({ min: 0, max: 7 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (chase, zone, invitedAt, quiet, index, fraction) => {
          const settings = { ...chase, respect_quiet_hours: quiet };
          const sent = sendEight(settings, zone, invitedAt);
          const times = [invitedAt, ...sent].map((at) => at.getTime());
          times.slice(1).forEach((time, i) => expect(time).toBeGreaterThan(times[i] ?? Infinity));
          const [from = 0, to = 0] = times.slice(index, index + 2);
          const now = new Date(from + Math.floor((to - from) * fraction));
          expect(plan({ settings, timezone: zone, invitedAt, now, remindersSent: index })).toEqual({
            kind: 'remind',
            at: new Date(to),
            attempt_no: index + 1,
          });
        },
      ),
    );
  });

  it('minute intervals: the shortcut agrees with walking every slot from the invitation', () => {
    fc.assert(
      fc.property(
        minuteIntervals,
        zones,
        invitations,
        fc.boolean(),
        fc.integer({ min: -3_600_000, max: 2 * 86_400_000 }),
        (chase, zone, invitedAt, quiet, elapsed) => {
          const settings = { ...chase, respect_quiet_hours: quiet, max_reminders: null };
          const now = new Date(invitedAt.getTime() + elapsed);
          const slots = reminderSlots(settings, inZone(invitedAt, zone), invitedAt);
          let k = 1;
          while ((slots?.at(k).toMillis() ?? Infinity) <= now.getTime()) k += 1;
          expect(reminder(plan({ settings, timezone: zone, invitedAt, now })).at).toEqual(slots?.at(k).toJSDate());
        },
      ),
      { numRuns: 60 },
    );
  });
});
