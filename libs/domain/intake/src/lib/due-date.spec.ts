import { dueDateEnd, overdueAt, overdueEvent } from './due-date';
import { type IntakeState, type IntakeStatus, type ItemState, NO_WAIVER } from './model';

function item(key: string, overrides: Partial<ItemState> = {}): ItemState {
  return {
    key,
    assignee: 'client',
    required: true,
    decision: false,
    status: 'pending',
    submitted_at: null,
    approved_at: null,
    revision_note: null,
    revision_count: 0,
    waiver: NO_WAIVER,
    received_outside: false,
    received_outside_note: null,
    answered: false,
    decided_by: null,
    ...overrides,
  };
}

const intake = (status: IntakeStatus, items: ItemState[]): IntakeState => ({
  status,
  sent_at: null,
  completed_at: null,
  stalled_at: null,
  items,
});

describe('dueDateEnd: the end of the due day in the client’s zone (the next local midnight)', () => {
  it.each([
    // Prague: winter (UTC+1), the last day before spring-forward, the spring-forward day (23 h), summer.
    ['2027-01-15', 'Europe/Prague', '2027-01-15T23:00:00.000Z'],
    ['2027-03-27', 'Europe/Prague', '2027-03-27T23:00:00.000Z'],
    ['2027-03-28', 'Europe/Prague', '2027-03-28T22:00:00.000Z'],
    ['2027-07-01', 'Europe/Prague', '2027-07-01T22:00:00.000Z'],
    // The fall-back day (25 h) ends at midnight in winter time.
    ['2027-10-30', 'Europe/Prague', '2027-10-30T22:00:00.000Z'],
    ['2027-10-31', 'Europe/Prague', '2027-10-31T23:00:00.000Z'],
    // New York: the spring-forward and fall-back days.
    ['2027-03-14', 'America/New_York', '2027-03-15T04:00:00.000Z'],
    ['2027-03-13', 'America/New_York', '2027-03-14T05:00:00.000Z'],
    ['2027-11-07', 'America/New_York', '2027-11-08T05:00:00.000Z'],
    ['2027-11-06', 'America/New_York', '2027-11-07T04:00:00.000Z'],
    // Zones without DST, east and west of UTC, and the extremes.
    ['2027-03-28', 'Asia/Tokyo', '2027-03-28T15:00:00.000Z'],
    ['2027-03-28', 'UTC', '2027-03-29T00:00:00.000Z'],
    ['2027-03-28', 'Pacific/Kiritimati', '2027-03-28T10:00:00.000Z'],
    ['2027-03-28', 'Pacific/Pago_Pago', '2027-03-29T11:00:00.000Z'],
    // Chile springs forward at midnight: 2026-09-06 00:00 does not exist, the day begins at 01:00.
    ['2026-09-05', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
    // The end of a month and of a leap day.
    ['2028-02-29', 'Europe/Prague', '2028-02-29T23:00:00.000Z'],
    ['2027-12-31', 'Europe/Prague', '2027-12-31T23:00:00.000Z'],
  ])('%s in %s ends at %s', (date, zone, end) => {
    expect(dueDateEnd(date, zone).toISOString()).toBe(end);
  });

  it('refuses a zone or date it cannot read', () => {
    expect(() => dueDateEnd('2027-03-28', 'Mars/Base')).toThrow(
      new RangeError('Cannot read the due date "2027-03-28" in the time zone "Mars/Base".'),
    );
    expect(() => dueDateEnd('2027-02-30', 'Europe/Prague')).toThrow(RangeError);
  });

  it('overdueAt is null without a due date', () => {
    expect(overdueAt(null, 'Europe/Prague')).toBeNull();
    expect(overdueAt('2027-01-15', 'Europe/Prague')).toEqual(new Date('2027-01-15T23:00:00Z'));
  });
});

describe('overdueEvent', () => {
  it('names the required client items pending or needing revision, in the intake’s order', () => {
    const event = overdueEvent(
      intake('in_progress', [
        item('logo', { status: 'needs_revision' }),
        item('about'),
        item('done', { status: 'submitted' }),
        item('approved', { status: 'approved' }),
        item('waived', { status: 'waived' }),
        item('optional', { required: false }),
        item('task', { assignee: 'owner' }),
      ]),
      '2027-03-28',
    );
    expect(event).toEqual({ type: 'intake.overdue', due_date: '2027-03-28', outstanding_items: ['logo', 'about'] });
  });

  it('fires for a sent intake too', () => {
    expect(overdueEvent(intake('sent', [item('a')]), '2027-03-28')).toMatchObject({ outstanding_items: ['a'] });
  });

  it.each<IntakeStatus>(['draft', 'completed', 'archived'])('is nothing for a %s intake', (status) => {
    expect(overdueEvent(intake(status, [item('a')]), '2027-03-28')).toBeUndefined();
  });

  it('is nothing when only optional, owner or waived items are open', () => {
    const items = [item('o', { required: false }), item('t', { assignee: 'owner' }), item('w', { status: 'waived' })];
    expect(overdueEvent(intake('in_progress', items), '2027-03-28')).toBeUndefined();
  });
});
