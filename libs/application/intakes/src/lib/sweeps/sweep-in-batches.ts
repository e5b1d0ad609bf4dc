import { type UnitOfWork } from '@intake/kernel';
import { type SweptIntake } from '../ports/intake-sweeps.port';

/** What one sweep does: claim a batch, handle each claimed intake, then act on the committed batch. */
export interface SweepWork<T> {
  /** Claims a batch in the running unit of work, leaving out the intakes of `skip`. */
  claim(skip: readonly string[]): Promise<SweptIntake[]>;
  /** Handles one claimed intake in the same unit of work. */
  handle(intake: SweptIntake): Promise<T>;
  /** After the batch committed (work that must not happen inside the transaction). */
  committed?(results: T[]): Promise<void>;
}

/**
 * Claims and handles batches of `limit` intakes, one transaction each, until a claim comes back
 * short. An intake whose handling throws rolls its whole batch back (claims included); it is left
 * out for the rest of the run and the others are claimed again, so one broken intake never holds
 * the rest up. The first failure is rethrown at the end, so the pass (a queue job) reports it and
 * the broken intake is tried again on the next run. Returns the results of the committed batches.
 */
export async function sweepInBatches<T>(uow: UnitOfWork, limit: number, work: SweepWork<T>): Promise<T[]> {
  const failed = new Set<string>();
  const done: T[] = [];
  let firstFailure: unknown;
  for (;;) {
    let current: string | undefined;
    let claimed = 0;
    try {
      const results = await uow.run(async () => {
        const batch = await work.claim([...failed]);
        claimed = batch.length;
        const out: T[] = [];
        for (const intake of batch) {
          current = intake.id;
          out.push(await work.handle(intake));
        }
        current = undefined;
        return out;
      });
      done.push(...results);
      await work.committed?.(results);
    } catch (error) {
      firstFailure ??= error;
      if (current === undefined) break; // the claim (or the commit) failed, not one intake: stop here
      failed.add(current);
      continue;
    }
    if (claimed < limit) break;
  }
  if (firstFailure !== undefined) throw firstFailure;
  return done;
}
