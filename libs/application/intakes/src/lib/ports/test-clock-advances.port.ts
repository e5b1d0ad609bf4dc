import { type TestClockRecord } from '../test-clocks/test-clock';

/** Who advances a clock, and until when (a lease, as the scheduler holds chases). */
export interface ClockLease {
  worker: string;
  until: Date;
}

/**
 * The test clocks as the scheduler's work: advancing clocks are claimed under a lease (rows another
 * scheduler is claiming are skipped, never waited for), moved forward step by step, each step
 * stored before its work is done, so a crashed scheduler's clock is claimed again once its lease
 * runs out and the step is done again (the passes it runs only handle what is still due).
 */
export abstract class TestClockAdvances {
  /** Claims one advancing clock whose lease is free or ran out at `now` (real time); undefined when none. */
  abstract claim(now: Date, lease: ClockLease): Promise<TestClockRecord | undefined>;
  /**
   * Frees the claims a crashed advance left on the clock's intakes' chases and owner notices: their
   * leases run in the clock's time, which stands still while nobody advances it.
   */
  abstract releaseClaims(clockId: string): Promise<void>;
  /** Moves the frozen time to `to` and renews the lease; false when the lease was lost or the clock is gone. */
  abstract moveTo(clockId: string, worker: string, to: Date, until: Date): Promise<boolean>;
  /** The clock reached its target: `ready`, the lease freed. */
  abstract finish(clockId: string, worker: string): Promise<boolean>;
  /** Gives the lease back unfinished (the run's steps are used up): the next pass goes on. */
  abstract release(clockId: string, worker: string): Promise<void>;
  /**
   * The earliest instant strictly after `after` at which something of the clock's intakes falls
   * due (a scheduled chase, a pending owner notice, the overdue or the retention time); undefined
   * when nothing does.
   */
  abstract nextDue(clockId: string, after: Date): Promise<Date | undefined>;
}
