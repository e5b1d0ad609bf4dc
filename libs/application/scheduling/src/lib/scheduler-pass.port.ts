/**
 * One kind of periodic scheduler work (due chases, the overdue sweep, the retention purge, the
 * outbox relay). A pass does what is due at `now` and reports how many things it handled.
 * Passes must be safe to run concurrently in two scheduler processes (claim rows with
 * `FOR UPDATE SKIP LOCKED` or a guarded update).
 */
export abstract class SchedulerPass {
  abstract readonly name: string;
  abstract run(now: Date): Promise<number>;
}

export interface PassReport {
  now: string;
  passes: Record<string, number>;
}

/**
 * Runs every pass once, in order, at one instant. A failing pass does not stop the others; the
 * first failure is rethrown after all have run so the caller (a queue job) is retried.
 */
export async function runSchedulerPasses(passes: readonly SchedulerPass[], now: Date): Promise<PassReport> {
  const report: PassReport = { now: now.toISOString(), passes: {} };
  let firstFailure: unknown;
  for (const pass of passes) {
    try {
      report.passes[pass.name] = await pass.run(now);
    } catch (error) {
      firstFailure ??= error;
    }
  }
  if (firstFailure !== undefined) throw firstFailure;
  return report;
}
