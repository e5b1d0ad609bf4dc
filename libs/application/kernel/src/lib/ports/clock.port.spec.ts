import { IntakeClock, ManualClock } from './clock.port';
import { TestClockTimes } from './test-clock-times.port';

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

  it('starts at the first instant of 2026 unless told otherwise', () => {
    expect(new ManualClock().now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('hands out copies, so callers cannot move it', () => {
    const clock = new ManualClock('2026-03-01T10:00:00Z');
    clock.now().setUTCFullYear(1999);
    expect(clock.now().getUTCFullYear()).toBe(2026);
  });
});

describe('IntakeClock (the per-intake form)', () => {
  const times = new (class extends TestClockTimes {
    async frozenTime(id: string) {
      return id === 'clk_a' ? new Date('2030-06-01T08:00:00Z') : undefined;
    }
  })();
  const clock = new IntakeClock(new ManualClock('2026-03-01T10:00:00Z'), times);

  it('is now() for what lives on real time', async () => {
    expect((await clock.now({ test_clock_id: null })).toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });

  it('is the frozen time of the test clock it lives on', async () => {
    expect((await clock.now({ test_clock_id: 'clk_a' })).toISOString()).toBe('2030-06-01T08:00:00.000Z');
  });

  it('never asks the test clocks about what lives on real time (no query per request)', async () => {
    const asked: string[] = [];
    const counting = new (class extends TestClockTimes {
      async frozenTime(id: string) {
        asked.push(id);
        return undefined;
      }
    })();
    await new IntakeClock(new ManualClock(), counting).now({ test_clock_id: null });
    expect(asked).toEqual([]);
  });

  it('falls back to now() for a clock that is gone', async () => {
    expect((await clock.now({ test_clock_id: 'clk_gone' })).toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });
});
