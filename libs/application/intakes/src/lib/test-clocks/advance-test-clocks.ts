import { type ClockedPass, type SchedulerPass } from '@intake/application-scheduling';
import { type TestClockAdvances } from '../ports/test-clock-advances.port';
import { type TestClockRecord } from './test-clock';

/** Steps one run of the pass takes at most, over every clock (a two-year advance takes several runs). */
export const ADVANCE_STEPS_PER_RUN = 100;
/** How long a claim on an advancing clock holds (real time), renewed by every step. */
export const TEST_CLOCK_LEASE_MS = 5 * 60_000;
/** The longest step: the clock moves a day at most before its passes run again. */
export const ADVANCE_STEP_MS = 24 * 3600 * 1000;
/** Rounds of the passes at one instant: what one pass queues for another (a stall's notice) goes in the same step. */
const ROUNDS_PER_STEP = 3;

/**
 * The scheduler pass `test_clocks.advance`: moves the advancing test clocks forward. A clock is
 * claimed under a lease; the passes over intakes (`ClockedPass`, in the scheduler's order) first
 * run at its frozen time (what fell due there: an intake just created on it, or the step a crashed
 * scheduler did not finish), then the clock steps to the next instant at which something of its
 * intakes falls due — a day at most, never past its target — and the passes run there, for that
 * clock's intakes only and with that instant as their now. So a month of reminders, stalls and
 * overdue notices happens in order, each at the instant it would have happened in real time. Each
 * step is stored before its passes run, so a crash redoes it (the passes handle only what is still
 * due). At the target the clock is `ready`. A run takes ADVANCE_STEPS_PER_RUN steps at most and
 * hands the rest of an advance to the next run, so the real-time passes are not held up.
 */
export class AdvanceTestClocks implements SchedulerPass {
  readonly name = 'test_clocks.advance';

  constructor(
    private readonly advances: TestClockAdvances,
    private readonly passes: readonly ClockedPass[],
    private readonly worker: string,
  ) {}

  /** `now` is real time (the scheduler's): it only dates the leases. Resolves to the steps taken. */
  async run(now: Date, stop?: AbortSignal): Promise<number> {
    const until = new Date(now.getTime() + TEST_CLOCK_LEASE_MS);
    let steps = 0;
    while (steps < ADVANCE_STEPS_PER_RUN && !stop?.aborted) {
      const clock = await this.advances.claim(now, { worker: this.worker, until });
      if (!clock) break;
      try {
        steps += await this.advance(clock, until, ADVANCE_STEPS_PER_RUN - steps, stop);
      } catch (error) {
        // Given back at once: the next run tries the same step again rather than waiting out the lease.
        await this.advances.release(clock.id, this.worker);
        throw error;
      }
    }
    return steps;
  }

  private async advance(clock: TestClockRecord, until: Date, budget: number, stop?: AbortSignal): Promise<number> {
    const target = clock.advancing_to ?? clock.frozen_time;
    await this.advances.releaseClaims(clock.id);
    let at = clock.frozen_time;
    await this.runPasses(clock.id, at);
    let steps = 1;
    while (at.getTime() < target.getTime()) {
      if (steps >= budget || stop?.aborted) {
        await this.advances.release(clock.id, this.worker);
        return steps;
      }
      const due = await this.advances.nextDue(clock.id, at);
      const next = new Date(
        Math.min(due?.getTime() ?? Number.POSITIVE_INFINITY, at.getTime() + ADVANCE_STEP_MS, target.getTime()),
      );
      // Lost: the lease ran out and another scheduler has the clock, or the clock was deleted.
      if (!(await this.advances.moveTo(clock.id, this.worker, next, until))) return steps;
      at = next;
      await this.runPasses(clock.id, at);
      steps += 1;
    }
    await this.advances.finish(clock.id, this.worker);
    return steps;
  }

  private async runPasses(clockId: string, at: Date): Promise<void> {
    for (let round = 0; round < ROUNDS_PER_STEP; round += 1) {
      let handled = 0;
      for (const pass of this.passes) handled += await pass.runOn(clockId, at);
      if (handled === 0) return;
    }
  }
}
