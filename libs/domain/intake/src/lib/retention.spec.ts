import { DEFAULT_RETENTION_DAYS, ON_DELIVERY_DELAY_MS, purgeAt } from './retention';

const COMPLETED = new Date('2027-03-01T10:00:00Z');
const DELIVERED = new Date('2027-03-05T17:30:00Z');

describe('purgeAt', () => {
  it('is 90 days after completion by default', () => {
    expect(DEFAULT_RETENTION_DAYS).toBe(90);
    expect(
      purgeAt({ retention_mode: 'days', retention_days: null }, { completed_at: COMPLETED, delivered_at: null }),
    ).toEqual(new Date('2027-05-30T10:00:00Z'));
  });

  it('counts the intake’s days in 24-hour days, whatever DST does meanwhile', () => {
    expect(
      purgeAt({ retention_mode: 'days', retention_days: 30 }, { completed_at: COMPLETED, delivered_at: DELIVERED }),
    ).toEqual(new Date('2027-03-31T10:00:00Z'));
    expect(
      purgeAt({ retention_mode: 'days', retention_days: 1 }, { completed_at: COMPLETED, delivered_at: null }),
    ).toEqual(new Date('2027-03-02T10:00:00Z'));
  });

  it('is unknown in days mode until the intake completes (and again once it reopens)', () => {
    expect(
      purgeAt({ retention_mode: 'days', retention_days: 30 }, { completed_at: null, delivered_at: DELIVERED }),
    ).toBeNull();
  });

  it('on_delivery: 24 hours after results were first collected, unknown before', () => {
    expect(ON_DELIVERY_DELAY_MS).toBe(86_400_000);
    expect(
      purgeAt(
        { retention_mode: 'on_delivery', retention_days: null },
        { completed_at: COMPLETED, delivered_at: DELIVERED },
      ),
    ).toEqual(new Date('2027-03-06T17:30:00Z'));
    expect(
      purgeAt({ retention_mode: 'on_delivery', retention_days: null }, { completed_at: COMPLETED, delivered_at: null }),
    ).toBeNull();
  });
});
