import { TestClockTimes } from './test-clock-times.port';

/** Something that may live on a test clock (a test intake created with `test_clock`). */
export interface OnTestClock {
  test_clock_id: string | null;
}

/**
 * The only source of "now" for every component (the architecture's section 3). Domain code never
 * reads time itself: use cases ask this port and pass the instant down.
 */
export abstract class Clock {
  abstract now(): Date;

  /**
   * Brings a shared clock up to date with its backing store before a unit of work that must see
   * the latest test-clock setting (a request, a scheduler pass). The system clock has nothing to
   * do.
   */
  async sync(): Promise<void> {
    // nothing to synchronise by default
  }
}

/** A clock that only moves when told to; for unit tests and in-process tools. */
export class ManualClock extends Clock {
  private current: Date;

  constructor(start: Date | string = '2026-01-01T00:00:00.000Z') {
    super();
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current.getTime());
  }

  set(instant: Date | string): void {
    this.current = new Date(instant);
  }

  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

/**
 * The Clock's per-intake form: "now" for something that lives on a test clock (a test intake
 * created with `test_clock`) is that clock's frozen time, which the scheduler moves when the
 * clock advances; for everything else it is the Clock's now. A clock deleted meanwhile (its
 * intakes go with it) falls back to the Clock's now.
 */
export class IntakeClock {
  static readonly inject = [Clock, TestClockTimes] as const;

  constructor(
    private readonly clock: Clock,
    private readonly testClocks: TestClockTimes,
  ) {}

  async now(subject: OnTestClock): Promise<Date> {
    if (subject.test_clock_id === null) return this.clock.now();
    return (await this.testClocks.frozenTime(subject.test_clock_id)) ?? this.clock.now();
  }
}
