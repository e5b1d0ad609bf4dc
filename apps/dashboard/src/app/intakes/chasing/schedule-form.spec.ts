import type { components } from '@intake/sdk-types';
import {
  detailsByField,
  intervalOf,
  scheduleErrors,
  type ScheduleForm,
  scheduleFormOf,
  schedulePatch,
} from './schedule-form';

type Intake = components['schemas']['IntakeView'];

const intake = (over: Partial<Intake>): Intake =>
  ({
    chase_schedule: 'default',
    chase_interval_minutes: null,
    chase_at_time: null,
    max_reminders: 3,
    respect_quiet_hours: true,
    due_date: null,
    ...over,
  }) as Intake;

const base: ScheduleForm = scheduleFormOf(intake({}));

describe('the schedule form', () => {
  it('starts from the intake’s settings, the interval in the largest unit that divides it', () => {
    expect(base).toEqual({
      chase_schedule: 'default',
      interval: '3',
      unit: 'days',
      chase_at_time: '',
      unlimited: false,
      max_reminders: '3',
      respect_quiet_hours: true,
      due_date: '',
    });
    expect(intervalOf(2880)).toEqual({ interval: '2', unit: 'days' });
    expect(intervalOf(180)).toEqual({ interval: '3', unit: 'hours' });
    expect(intervalOf(90)).toEqual({ interval: '90', unit: 'minutes' });
    const custom = scheduleFormOf(
      intake({
        chase_schedule: 'custom',
        chase_interval_minutes: 1440,
        chase_at_time: '09:30',
        max_reminders: 'unlimited',
        due_date: '2031-04-01',
      }),
    );
    expect(custom).toMatchObject({
      interval: '1',
      unit: 'days',
      chase_at_time: '09:30',
      unlimited: true,
      due_date: '2031-04-01',
    });
  });

  it('checks the rules the API applies, per field', () => {
    const custom = { ...base, chase_schedule: 'custom' as const };
    expect(scheduleErrors(base)).toEqual({});
    expect(scheduleErrors({ ...custom, interval: 'two' }).interval).toBe('chasing.schedule.error.interval_number');
    expect(scheduleErrors({ ...custom, interval: '0' }).interval).toBe('chasing.schedule.error.interval_number');
    expect(scheduleErrors({ ...custom, interval: '4', unit: 'minutes' }).interval).toBe(
      'chasing.schedule.error.interval_range',
    );
    expect(scheduleErrors({ ...custom, interval: '91' }).interval).toBe('chasing.schedule.error.interval_range');
    expect(scheduleErrors({ ...custom, interval: '90' })).toEqual({});
    expect(scheduleErrors({ ...custom, interval: '5', unit: 'minutes' })).toEqual({});
    expect(scheduleErrors({ ...custom, chase_at_time: '25:00' }).chase_at_time).toBe(
      'chasing.schedule.error.at_time_format',
    );
    expect(scheduleErrors({ ...custom, unit: 'hours', chase_at_time: '09:00' }).chase_at_time).toBe(
      'chasing.schedule.error.at_time_days',
    );
    // The interval of a schedule that is not custom is not looked at.
    expect(scheduleErrors({ ...base, interval: 'x' })).toEqual({});
    expect(scheduleErrors({ ...base, max_reminders: '0' }).max_reminders).toBe('chasing.schedule.error.max_reminders');
    expect(scheduleErrors({ ...base, max_reminders: '1001' }).max_reminders).toBe(
      'chasing.schedule.error.max_reminders',
    );
    expect(scheduleErrors({ ...base, max_reminders: '2.5' }).max_reminders).toBeDefined();
    expect(scheduleErrors({ ...base, max_reminders: 'x', unlimited: true })).toEqual({});
    expect(scheduleErrors({ ...base, due_date: '31.3.2031' }).due_date).toBe('chasing.schedule.error.due_date');
  });

  it('sends only what changed, the schedule with its interval and time', () => {
    expect(schedulePatch(base, base)).toEqual({});
    expect(schedulePatch(base, { ...base, chase_schedule: 'gentle' })).toEqual({ chase_schedule: 'gentle' });
    expect(
      schedulePatch(base, { ...base, chase_schedule: 'custom', interval: '2', unit: 'days', chase_at_time: '09:00' }),
    ).toEqual({ chase_schedule: 'custom', chase_interval: 2, chase_interval_unit: 'days', chase_at_time: '09:00' });
    const custom = { ...base, chase_schedule: 'custom' as const, interval: '2', chase_at_time: '09:00' };
    expect(schedulePatch(custom, { ...custom, chase_at_time: '' })).toEqual({
      chase_schedule: 'custom',
      chase_interval: 2,
      chase_interval_unit: 'days',
      chase_at_time: null,
    });
    expect(schedulePatch(base, { ...base, unlimited: true })).toEqual({ max_reminders: 'unlimited' });
    expect(schedulePatch(base, { ...base, max_reminders: ' 5 ' })).toEqual({ max_reminders: 5 });
    expect(schedulePatch(base, { ...base, respect_quiet_hours: false })).toEqual({ respect_quiet_hours: false });
    expect(schedulePatch(base, { ...base, due_date: '2031-04-01' })).toEqual({ due_date: '2031-04-01' });
    expect(schedulePatch({ ...base, due_date: '2031-04-01' }, base)).toEqual({ due_date: null });
  });

  it('marks the fields the API refused (details), leaving out the ones not on the form', () => {
    expect(
      detailsByField([
        { path: 'chase_interval', message: 'must make an interval of at least 5 minutes and at most 90 days' },
        { path: 'max_reminders', message: 'must be a whole number from 1 to 1000, or "unlimited"' },
        { path: 'project_name', message: 'must not be empty' },
      ]),
    ).toEqual({
      interval: 'chasing.schedule.error.interval_range',
      max_reminders: 'chasing.schedule.error.max_reminders',
    });
    expect(detailsByField(undefined)).toEqual({});
  });
});
