import { type ChaseSettings, DEFAULT_CHASE_SETTINGS } from '@intake/domain-intake';
import { planNextReminder, type ReminderPlan, type ReminderPlanInput } from '../src/lib/plan-next-reminder';
import { instant, local } from './time';

/** A Wednesday. */
export const INVITED = instant('2025-01-01T10:00:00Z');

/** Settings for a test: quiet hours off and no limit unless the test is about them. */
export const settings = (overrides: Partial<ChaseSettings> = {}): ChaseSettings => ({
  ...DEFAULT_CHASE_SETTINGS,
  respect_quiet_hours: false,
  max_reminders: null,
  ...overrides,
});

export type PlanOverrides = Omit<Partial<ReminderPlanInput>, 'settings'> & { settings?: Partial<ChaseSettings> };

/** Plans for a sent intake invited at {@link INVITED} in UTC, nothing sent yet, now at the invitation. */
export function plan(overrides: PlanOverrides = {}): ReminderPlan {
  const invitedAt = overrides.invitedAt === undefined ? INVITED : overrides.invitedAt;
  return planNextReminder({
    timezone: 'UTC',
    status: 'sent',
    remindersSent: 0,
    now: invitedAt ?? INVITED,
    ...overrides,
    invitedAt,
    settings: settings(overrides.settings),
  });
}

/** The reminder planned, or a failure naming what was planned instead. */
export function reminder(planned: ReminderPlan): { at: Date; attempt_no: number } {
  if (planned.kind !== 'remind') throw new Error(`expected a reminder, planned ${planned.kind}`);
  return planned;
}

/**
 * The first `count` reminders as the client sees them (local ISO times), each sent on time and the
 * next planned at the instant it went out, as the chasing worker does.
 */
export function series(overrides: PlanOverrides, count: number): string[] {
  const zone = overrides.timezone ?? 'UTC';
  const times: string[] = [];
  let now = overrides.now ?? overrides.invitedAt ?? INVITED;
  for (let sent = overrides.remindersSent ?? 0; times.length < count; sent += 1) {
    const next = reminder(plan({ ...overrides, remindersSent: sent, now }));
    if (next.attempt_no !== sent + 1) throw new Error(`attempt ${next.attempt_no} after ${sent} sent`);
    times.push(local(next.at, zone));
    now = next.at;
  }
  return times;
}
