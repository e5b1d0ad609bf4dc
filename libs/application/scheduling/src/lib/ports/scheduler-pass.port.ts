/**
 * One kind of periodic scheduler work (due chases, the overdue sweep, the retention purge, the
 * outbox relay). A pass does what is due at `now` and reports how many things it handled.
 * Passes must be safe to run concurrently in two scheduler processes (claim rows with
 * `FOR UPDATE SKIP LOCKED` or a guarded update). When `stop` is aborted (the process is shutting
 * down) a pass that works in batches finishes the batch it holds and returns.
 */
export abstract class SchedulerPass {
  abstract readonly name: string;
  abstract run(now: Date, stop?: AbortSignal): Promise<number>;
}

/**
 * A pass over intakes, which live either on real time or on a test clock (test mode only). `run`
 * handles the intakes on real time, never a clocked one; `runOn` handles those of one test clock
 * (`clock`, its id) at that clock's virtual `now`, or with `null` those on real time (what `run`
 * does). The test clocks' advance runs these passes, in the scheduler's order, clock by clock.
 */
export interface ClockedPass extends SchedulerPass {
  runOn(clock: string | null, now: Date, stop?: AbortSignal): Promise<number>;
}

export interface PassReport {
  now: string;
  passes: Record<string, number>;
}

/**
 * Runs every pass once, in order, at one instant. A failing pass does not stop the others; the
 * first failure is rethrown after all have run so the caller (a queue job) is retried. Once `stop`
 * is aborted no further pass starts (the report leaves them out).
 */
export async function runSchedulerPasses(
  passes: readonly SchedulerPass[],
  now: Date,
  stop?: AbortSignal,
): Promise<PassReport> {
  const report: PassReport = { now: now.toISOString(), passes: {} };
  let firstFailure: unknown;
  for (const pass of passes) {
    if (stop?.aborted) break;
    try {
      report.passes[pass.name] = await pass.run(now, stop);
    } catch (error) {
      firstFailure ??= error;
    }
  }
  if (firstFailure !== undefined) throw firstFailure;
  return report;
}
