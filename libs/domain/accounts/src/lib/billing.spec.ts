import {
  graceEnd,
  PAYMENT_GRACE_DAYS,
  planForSubscription,
  subscriptionEnded,
  supersedes,
  type SubscriptionState,
} from './billing';

const T = (minute: number) => new Date(Date.UTC(2026, 5, 1, 10, minute));

const state = (overrides: Partial<SubscriptionState> = {}): SubscriptionState => ({
  subscriptionId: 'sub_1',
  subscriptionCreated: T(0),
  status: 'active',
  plan: 'studio',
  at: T(10),
  ...overrides,
});

describe('supersedes', () => {
  it('applies anything over nothing recorded', () => expect(supersedes(state(), undefined)).toBe(true));

  it('of two subscriptions, the one created later wins, whatever the order of their events', () => {
    const older = state({ subscriptionId: 'sub_old', subscriptionCreated: T(0), at: T(30) });
    const newer = state({ subscriptionId: 'sub_new', subscriptionCreated: T(1), at: T(5) });
    expect(supersedes(newer, older)).toBe(true);
    expect(supersedes(older, newer)).toBe(false);
    // Created at the same instant: the recorded one stays.
    expect(supersedes(state({ subscriptionId: 'sub_twin' }), state())).toBe(false);
  });

  it('of one subscription, an event as new or newer applies, an older one does not', () => {
    expect(supersedes(state({ at: T(11) }), state())).toBe(true);
    expect(supersedes(state({ at: T(10), status: 'past_due' }), state())).toBe(true);
    expect(supersedes(state({ at: T(9) }), state())).toBe(false);
  });

  it.each(['canceled', 'incomplete_expired', 'unpaid'])('nothing revives a subscription once %s', (ended) => {
    expect(supersedes(state({ at: T(20) }), state({ status: ended }))).toBe(false);
    expect(subscriptionEnded(ended)).toBe(true);
  });

  it.each(['active', 'trialing', 'past_due', 'incomplete'])('%s is not an end', (status) => {
    expect(subscriptionEnded(status)).toBe(false);
    expect(supersedes(state({ at: T(20) }), state({ status }))).toBe(true);
  });
});

describe('planForSubscription', () => {
  it.each(['active', 'trialing', 'past_due'])('%s keeps the paid plan', (status) =>
    expect(planForSubscription(state({ status }))).toBe('studio'),
  );

  it.each(['canceled', 'incomplete_expired', 'unpaid', 'paused'])('%s moves the account to Free', (status) =>
    expect(planForSubscription(state({ status }))).toBe('free'),
  );

  it('an incomplete first payment decides nothing yet', () =>
    expect(planForSubscription(state({ status: 'incomplete' }))).toBeUndefined());

  it('a price that is none of ours gives no plan while active', () =>
    expect(planForSubscription(state({ plan: undefined }))).toBeUndefined());
});

describe('graceEnd', () => {
  it('is 14 days after the failed payment, to the millisecond', () => {
    expect(PAYMENT_GRACE_DAYS).toBe(14);
    expect(graceEnd(new Date('2026-06-01T10:00:00.123Z'))).toEqual(new Date('2026-06-15T10:00:00.123Z'));
  });
});
