import { DEFAULT_CHASE_SETTINGS as D, resolveChaseSettings } from './chase-settings';

const paths = (input: Parameters<typeof resolveChaseSettings>[0], current = D) =>
  resolveChaseSettings(input, current).details.map((d) => d.path);

describe('resolveChaseSettings', () => {
  it('defaults: default schedule, quiet hours, 3 reminders', () => {
    expect(resolveChaseSettings({}, D).settings).toEqual({
      chase_schedule: 'default',
      chase_interval_minutes: null,
      chase_at_time: null,
      respect_quiet_hours: true,
      max_reminders: 3,
    });
  });

  it.each([
    [{ chase_interval: 2 }, ['chase_interval']],
    [
      { chase_schedule: 'gentle' as const, chase_interval: 2, chase_interval_unit: 'hours' as const },
      ['chase_interval', 'chase_interval_unit'],
    ],
    [
      { chase_schedule: 'custom' as const, chase_interval: 4, chase_interval_unit: 'minutes' as const },
      ['chase_interval'],
    ],
    [{ chase_schedule: 'custom' as const, chase_interval: 91 }, ['chase_interval']],
    [{ chase_schedule: 'custom' as const, chase_interval_unit: 'hours' as const }, ['chase_interval']],
    [
      {
        chase_schedule: 'custom' as const,
        chase_interval: 36,
        chase_interval_unit: 'hours' as const,
        chase_at_time: '09:00',
      },
      ['chase_at_time'],
    ],
    [{ chase_at_time: '09:00' }, ['chase_at_time']],
    [{ chase_schedule: 'custom' as const, chase_interval: 2, chase_at_time: '25:00' }, ['chase_at_time']],
    [{ max_reminders: 0 }, ['max_reminders']],
    [{ max_reminders: 1001 }, ['max_reminders']],
    [{ max_reminders: 2.5 }, ['max_reminders']],
    [{ chase_schedule: 'custom' as const, chase_interval: 2, chase_at_time: '09:00x' }, ['chase_at_time']],
    [{ chase_schedule: 'custom' as const, chase_interval: 2, chase_at_time: 'x09:00' }, ['chase_at_time']],
    [
      { chase_schedule: 'custom' as const, chase_interval_unit: 'days' as const, chase_at_time: '09:00' },
      ['chase_interval', 'chase_at_time'],
    ],
  ])('%j is refused at %j', (input, expected) => {
    expect(paths(input)).toEqual(expected);
    expect(resolveChaseSettings(input, D).settings).toBeUndefined();
  });

  it('takes max_reminders from 1 to 1000', () => {
    expect(resolveChaseSettings({ max_reminders: 1 }, D).settings?.max_reminders).toBe(1);
    expect(resolveChaseSettings({ max_reminders: 1000 }, D).settings?.max_reminders).toBe(1000);
  });

  it('says what each refused field must be', () => {
    expect(
      resolveChaseSettings(
        { chase_interval: 2, chase_interval_unit: 'hours', chase_at_time: '9:00', max_reminders: 0 },
        D,
      ).details,
    ).toEqual([
      { path: 'chase_interval', message: 'is only accepted with chase_schedule custom' },
      { path: 'chase_interval_unit', message: 'is only accepted with chase_schedule custom' },
      { path: 'chase_at_time', message: 'must be HH:MM (00:00 to 23:59)' },
      { path: 'max_reminders', message: 'must be a whole number from 1 to 1000, or "unlimited"' },
    ]);
    expect(resolveChaseSettings({ chase_schedule: 'custom', chase_interval_unit: 'hours' }, D).details).toEqual([
      { path: 'chase_interval', message: 'is required when chase_interval_unit is given' },
    ]);
    expect(
      resolveChaseSettings({ chase_schedule: 'custom', chase_interval: 91, chase_at_time: '09:00' }, D).details,
    ).toEqual([{ path: 'chase_interval', message: 'must make an interval of at least 5 minutes and at most 90 days' }]);
    expect(resolveChaseSettings({ chase_at_time: '09:00' }, D).details).toEqual([
      { path: 'chase_at_time', message: 'requires chase_schedule custom with a whole number of days as interval' },
    ]);
  });

  it.each([
    [{ chase_schedule: 'custom' as const }, 4320, null],
    [{ chase_schedule: 'custom' as const, chase_interval: 5, chase_interval_unit: 'minutes' as const }, 5, null],
    [{ chase_schedule: 'custom' as const, chase_interval: 90 }, 129600, null],
    [
      {
        chase_schedule: 'custom' as const,
        chase_interval: 48,
        chase_interval_unit: 'hours' as const,
        chase_at_time: '08:30',
      },
      2880,
      '08:30',
    ],
  ])('%j normalises to %i minutes at %s', (input, minutes, at) => {
    const { settings } = resolveChaseSettings(input, D);
    expect(settings).toMatchObject({ chase_schedule: 'custom', chase_interval_minutes: minutes, chase_at_time: at });
  });

  it('takes unlimited as null and keeps stored values on PATCH', () => {
    const stored = {
      ...D,
      chase_schedule: 'custom' as const,
      chase_interval_minutes: 1440,
      chase_at_time: '10:00',
      max_reminders: 5,
    };
    expect(resolveChaseSettings({ max_reminders: 'unlimited' }, stored).settings).toMatchObject({
      max_reminders: null,
      chase_interval_minutes: 1440,
      chase_at_time: '10:00',
    });
    expect(resolveChaseSettings({ chase_interval: 2 }, stored).settings).toMatchObject({
      chase_interval_minutes: 2880,
      chase_at_time: '10:00',
    });
  });

  it('leaving custom clears the interval and the time; an hourly interval drops a stored time', () => {
    const stored = { ...D, chase_schedule: 'custom' as const, chase_interval_minutes: 1440, chase_at_time: '10:00' };
    expect(resolveChaseSettings({ chase_schedule: 'aggressive' }, stored).settings).toMatchObject({
      chase_interval_minutes: null,
      chase_at_time: null,
    });
    expect(resolveChaseSettings({ chase_interval: 6, chase_interval_unit: 'hours' }, stored).settings).toMatchObject({
      chase_interval_minutes: 360,
      chase_at_time: null,
    });
    expect(resolveChaseSettings({ chase_at_time: null }, stored).settings?.chase_at_time).toBeNull();
  });
});
