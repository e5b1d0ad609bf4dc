import { ManualClock } from './clock.port';

describe('ManualClock', () => {
  it('moves only when told', async () => {
    const clock = new ManualClock('2026-03-01T10:00:00Z');
    await clock.sync();
    expect(clock.now().toISOString()).toBe('2026-03-01T10:00:00.000Z');
    clock.advance(90);
    expect(clock.now().toISOString()).toBe('2026-03-01T10:01:30.000Z');
    clock.set('2027-01-01T00:00:00Z');
    expect(clock.now().getUTCFullYear()).toBe(2027);
  });

  it('hands out copies, so callers cannot move it', () => {
    const clock = new ManualClock('2026-03-01T10:00:00Z');
    clock.now().setUTCFullYear(1999);
    expect(clock.now().getUTCFullYear()).toBe(2026);
  });
});
