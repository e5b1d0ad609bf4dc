import { clockHour, fixedWindow, usagePeriod } from './windows';

describe('windows', () => {
  it('the clock hour ends at the top of the hour', () => {
    const w = clockHour(new Date('2026-05-01T10:59:58.500Z'));
    expect(w.endsAt.toISOString()).toBe('2026-05-01T11:00:00.000Z');
    expect(w.secondsLeft).toBe(2);
    expect(clockHour(new Date('2026-05-01T11:00:00.000Z')).id).not.toBe(w.id);
    expect(clockHour(new Date('2026-05-01T10:00:00.000Z')).id).toBe(w.id);
  });

  it('names a window by the epoch second it starts at', () => {
    expect(clockHour(new Date('2026-05-01T10:30:00.000Z')).id).toBe(String(Date.parse('2026-05-01T10:00:00Z') / 1000));
    expect(fixedWindow(new Date('1970-01-01T00:16:00.000Z'), 900).id).toBe('900');
  });

  it('never reports zero seconds left', () => {
    expect(fixedWindow(new Date('2026-05-01T10:14:59.999Z'), 900).secondsLeft).toBe(1);
  });

  it('usage periods are UTC months', () => {
    expect(usagePeriod(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12');
  });
});
