import { type ClockedPass } from '@intake/application-scheduling';
import { type ClockLease, TestClockAdvances } from '../ports/test-clock-advances.port';
import { ADVANCE_STEPS_PER_RUN, AdvanceTestClocks, TEST_CLOCK_LEASE_MS } from './advance-test-clocks';
import { type TestClockRecord } from './test-clock';

/**
 * The advance's own rules (steps, rounds, budget, leases, stopping) over a scripted
 * TestClockAdvances and recording passes; a month of real reminders on a clock is tested with the
 * chasing passes in application/chasing, the adapters' claims in their contract suites.
 */
const NOW = new Date('2026-11-29T12:00:00.000Z');
const FROZEN = new Date('2030-03-04T09:00:00.000Z');
const DAY = 24 * 3600_000;
const at = (ms: number) => new Date(FROZEN.getTime() + ms);
const iso = (d: Date) => d.toISOString();

const clockRecord = (overrides: Partial<TestClockRecord> = {}): TestClockRecord => ({
  id: 'clk_a',
  account_id: 'acc_a',
  name: null,
  frozen_time: FROZEN,
  status: 'advancing',
  advancing_to: at(3 * DAY),
  created_at: FROZEN,
  ...overrides,
});

class ScriptedAdvances extends TestClockAdvances {
  readonly calls: string[] = [];
  readonly leases: ClockLease[] = [];
  /** What `nextDue` answers, by the instant it is asked after. */
  due: (after: Date) => Date | undefined = () => undefined;
  moveGranted = true;

  constructor(private readonly queue: TestClockRecord[]) {
    super();
  }

  async claim(now: Date, lease: ClockLease): Promise<TestClockRecord | undefined> {
    this.calls.push(`claim ${iso(now)}`);
    this.leases.push(lease);
    return this.queue.shift();
  }
  async releaseClaims(clockId: string): Promise<void> {
    this.calls.push(`releaseClaims ${clockId}`);
  }
  async moveTo(clockId: string, worker: string, to: Date, until: Date): Promise<boolean> {
    this.calls.push(`moveTo ${clockId} ${worker} ${iso(to)} ${iso(until)}`);
    return this.moveGranted;
  }
  async finish(clockId: string, worker: string): Promise<boolean> {
    this.calls.push(`finish ${clockId} ${worker}`);
    return true;
  }
  async release(clockId: string, worker: string): Promise<void> {
    this.calls.push(`release ${clockId} ${worker}`);
  }
  async nextDue(clockId: string, after: Date): Promise<Date | undefined> {
    this.calls.push(`nextDue ${clockId} ${iso(after)}`);
    return this.due(after);
  }
}

/** A clocked pass that records each run and handles what `handled` says. */
class RecordingPass implements ClockedPass {
  readonly runs: string[] = [];
  constructor(
    readonly name: string,
    private readonly handled: (clock: string | null, now: Date, run: number) => number = () => 0,
  ) {}
  async run(): Promise<number> {
    throw new Error('the advance runs passes on a clock only');
  }
  async runOn(clock: string | null, now: Date): Promise<number> {
    this.runs.push(`${clock} ${iso(now)}`);
    return this.handled(clock, now, this.runs.length);
  }
}

const UNTIL = iso(new Date(NOW.getTime() + TEST_CLOCK_LEASE_MS));

describe('AdvanceTestClocks', () => {
  it('is the pass test_clocks.advance, leasing a clock for five minutes of real time to its worker', async () => {
    const advances = new ScriptedAdvances([]);
    const pass = new AdvanceTestClocks(advances, [], 'scheduler-a');
    expect(pass.name).toBe('test_clocks.advance');
    expect(TEST_CLOCK_LEASE_MS).toBe(5 * 60_000);
    expect(await pass.run(NOW)).toBe(0);
    expect(advances.calls).toEqual([`claim ${iso(NOW)}`]);
    expect(advances.leases).toEqual([{ worker: 'scheduler-a', until: new Date(UNTIL) }]);
  });

  it('runs the passes at the frozen time, then steps a day at most, never past the target, and finishes there', async () => {
    const advances = new ScriptedAdvances([clockRecord({ advancing_to: at(2 * DAY + 3600_000) })]);
    const pass = new RecordingPass('chases');
    expect(await new AdvanceTestClocks(advances, [pass], 'w').run(NOW)).toBe(4);
    expect(advances.calls).toEqual([
      `claim ${iso(NOW)}`,
      'releaseClaims clk_a',
      `nextDue clk_a ${iso(FROZEN)}`,
      `moveTo clk_a w ${iso(at(DAY))} ${UNTIL}`,
      `nextDue clk_a ${iso(at(DAY))}`,
      `moveTo clk_a w ${iso(at(2 * DAY))} ${UNTIL}`,
      `nextDue clk_a ${iso(at(2 * DAY))}`,
      `moveTo clk_a w ${iso(at(2 * DAY + 3600_000))} ${UNTIL}`,
      'finish clk_a w',
      `claim ${iso(NOW)}`,
    ]);
    expect(pass.runs).toEqual([
      `clk_a ${iso(FROZEN)}`,
      `clk_a ${iso(at(DAY))}`,
      `clk_a ${iso(at(2 * DAY))}`,
      `clk_a ${iso(at(2 * DAY + 3600_000))}`,
    ]);
  });

  it('steps to the next instant something falls due when that comes before a day', async () => {
    const advances = new ScriptedAdvances([clockRecord({ advancing_to: at(DAY) })]);
    advances.due = (after) => (after.getTime() < at(5 * 3600_000).getTime() ? at(5 * 3600_000) : at(9 * DAY));
    const pass = new RecordingPass('chases');
    expect(await new AdvanceTestClocks(advances, [pass], 'w').run(NOW)).toBe(3);
    expect(pass.runs).toEqual([`clk_a ${iso(FROZEN)}`, `clk_a ${iso(at(5 * 3600_000))}`, `clk_a ${iso(at(DAY))}`]);
  });

  it('a clock at its target (a crashed step, an intake just created on it) runs its passes once and finishes', async () => {
    const advances = new ScriptedAdvances([clockRecord({ status: 'ready', advancing_to: null })]);
    const pass = new RecordingPass('chases');
    expect(await new AdvanceTestClocks(advances, [pass], 'w').run(NOW)).toBe(1);
    expect(pass.runs).toEqual([`clk_a ${iso(FROZEN)}`]);
    expect(advances.calls).toEqual([`claim ${iso(NOW)}`, 'releaseClaims clk_a', 'finish clk_a w', `claim ${iso(NOW)}`]);
  });

  it('runs every pass in order at an instant, again while any handled something, three rounds at most', async () => {
    const order: string[] = [];
    const busy = new RecordingPass('busy', () => (order.push('busy'), 1));
    const quiet = new RecordingPass('quiet', () => (order.push('quiet'), 0));
    const advances = new ScriptedAdvances([clockRecord({ advancing_to: null })]);
    await new AdvanceTestClocks(advances, [busy, quiet], 'w').run(NOW);
    expect(order).toEqual(['busy', 'quiet', 'busy', 'quiet', 'busy', 'quiet']);

    const settles = new RecordingPass('settles', (_clock, _now, run) => (run === 1 ? 2 : 0));
    const other = new RecordingPass('other');
    await new AdvanceTestClocks(new ScriptedAdvances([clockRecord({ advancing_to: null })]), [settles, other], 'w').run(
      NOW,
    );
    expect(settles.runs).toHaveLength(2);
    expect(other.runs).toHaveLength(2);
  });

  it(`takes ${ADVANCE_STEPS_PER_RUN} steps a run over every clock, then gives the lease back for the next run`, async () => {
    const far = at(400 * DAY);
    const advances = new ScriptedAdvances([
      clockRecord({ id: 'clk_a', advancing_to: at(30 * DAY) }),
      clockRecord({ id: 'clk_b', advancing_to: far }),
      clockRecord({ id: 'clk_c', advancing_to: far }),
    ]);
    const pass = new RecordingPass('chases');
    expect(await new AdvanceTestClocks(advances, [pass], 'w').run(NOW)).toBe(ADVANCE_STEPS_PER_RUN);
    // clk_a: its frozen time and 30 days (31 steps); clk_b: the 69 left, then released; clk_c untouched.
    expect(pass.runs.filter((r) => r.startsWith('clk_a'))).toHaveLength(31);
    expect(pass.runs.filter((r) => r.startsWith('clk_b'))).toHaveLength(ADVANCE_STEPS_PER_RUN - 31);
    expect(advances.calls.filter((c) => /^(finish|release |claim)/.test(c))).toEqual([
      `claim ${iso(NOW)}`,
      'finish clk_a w',
      `claim ${iso(NOW)}`,
      'release clk_b w',
    ]);
    expect(ADVANCE_STEPS_PER_RUN).toBe(100);
  });

  it('stops at the next step once the scheduler stops, giving the lease back', async () => {
    const stop = new AbortController();
    const advances = new ScriptedAdvances([clockRecord({ advancing_to: at(10 * DAY) }), clockRecord({ id: 'clk_b' })]);
    const pass = new RecordingPass('chases', (_clock, now) => {
      if (now.getTime() === at(DAY).getTime()) stop.abort();
      return 0;
    });
    expect(await new AdvanceTestClocks(advances, [pass], 'w').run(NOW, stop.signal)).toBe(2);
    expect(advances.calls.slice(-1)).toEqual(['release clk_a w']);
    expect(pass.runs).toEqual([`clk_a ${iso(FROZEN)}`, `clk_a ${iso(at(DAY))}`]);
  });

  it('does not start when the scheduler has stopped', async () => {
    const stop = new AbortController();
    stop.abort();
    const advances = new ScriptedAdvances([clockRecord()]);
    expect(await new AdvanceTestClocks(advances, [new RecordingPass('chases')], 'w').run(NOW, stop.signal)).toBe(0);
    expect(advances.calls).toEqual([]);
  });

  it('leaves the clock when its lease was lost or it was deleted, and goes on with the next', async () => {
    const advances = new ScriptedAdvances([clockRecord({ advancing_to: at(10 * DAY) })]);
    advances.moveGranted = false;
    const pass = new RecordingPass('chases');
    expect(await new AdvanceTestClocks(advances, [pass], 'w').run(NOW)).toBe(1);
    expect(pass.runs).toEqual([`clk_a ${iso(FROZEN)}`]);
    expect(advances.calls.filter((c) => /^(finish|release )/.test(c))).toEqual([]);
    expect(advances.calls.slice(-1)).toEqual([`claim ${iso(NOW)}`]);
  });

  it('gives the clock back at once when a pass fails, and fails the run', async () => {
    const advances = new ScriptedAdvances([clockRecord(), clockRecord({ id: 'clk_b' })]);
    const failing = new RecordingPass('chases', () => {
      throw new Error('database gone');
    });
    await expect(new AdvanceTestClocks(advances, [failing], 'w').run(NOW)).rejects.toThrow('database gone');
    expect(advances.calls.slice(-1)).toEqual(['release clk_a w']);
    expect(failing.runs).toEqual([`clk_a ${iso(FROZEN)}`]);
  });
});
