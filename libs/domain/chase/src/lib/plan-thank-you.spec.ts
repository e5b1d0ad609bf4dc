import { planThankYou, type ThankYouInput, thanksClient } from './plan-thank-you';

const input = (overrides: Partial<ThankYouInput> = {}): ThankYouInput => ({
  mode: 'live',
  intakeSetting: null,
  accountSetting: true,
  respectQuietHours: true,
  timezone: 'Europe/Prague',
  alreadyScheduled: false,
  now: new Date('2031-06-04T10:00:00Z'), // 12:00 in Prague (CEST)
  ...overrides,
});

describe('thanksClient: the intake’s own choice, else the account’s', () => {
  it.each([
    [null, true, true],
    [null, false, false],
    [true, false, true],
    [false, true, false],
    [true, true, true],
    [false, false, false],
  ] as const)('intake %s, account %s → %s', (intake, account, thanked) => {
    expect(thanksClient(intake, account)).toBe(thanked);
  });
});

describe('planThankYou', () => {
  it('sends at once inside the client’s 08:00–19:00 window', () => {
    expect(planThankYou(input())).toEqual({ kind: 'send', at: new Date('2031-06-04T10:00:00Z') });
  });

  it('holds a completion in the evening until 08:00 the next morning, client local time', () => {
    expect(planThankYou(input({ now: new Date('2031-06-04T19:30:00Z') }))).toEqual({
      kind: 'send',
      at: new Date('2031-06-05T06:00:00Z'), // 08:00 CEST
    });
    expect(planThankYou(input({ now: new Date('2031-06-04T17:00:00Z') }))).toEqual({
      kind: 'send',
      at: new Date('2031-06-05T06:00:00Z'), // 19:00 CEST is closed already
    });
  });

  it('holds an early-morning completion until 08:00 that day, in the client’s own zone', () => {
    expect(planThankYou(input({ now: new Date('2031-06-04T10:00:00Z'), timezone: 'America/New_York' }))).toEqual({
      kind: 'send',
      at: new Date('2031-06-04T12:00:00Z'), // 06:00 EDT waits for 08:00 EDT
    });
  });

  it('sends at once at night when the intake does not respect quiet hours', () => {
    const night = new Date('2031-06-04T23:00:00Z');
    expect(planThankYou(input({ now: night, respectQuietHours: false }))).toEqual({ kind: 'send', at: night });
  });

  it('is none when switched off for the account (the intake following it) or for the intake', () => {
    expect(planThankYou(input({ accountSetting: false }))).toEqual({ kind: 'none' });
    expect(planThankYou(input({ intakeSetting: false }))).toEqual({ kind: 'none' });
  });

  it('thanks when the intake switches it on against the account', () => {
    expect(planThankYou(input({ accountSetting: false, intakeSetting: true })).kind).toBe('send');
  });

  it('never a second one while an earlier completion’s thank-you is still waiting', () => {
    expect(planThankYou(input({ alreadyScheduled: true }))).toEqual({ kind: 'none' });
  });

  it('a test intake’s is skipped (recorded, never sent), unless switched off', () => {
    expect(planThankYou(input({ mode: 'test' }))).toEqual({ kind: 'skip' });
    expect(planThankYou(input({ mode: 'test', intakeSetting: false }))).toEqual({ kind: 'none' });
  });
});
