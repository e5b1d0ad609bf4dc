/**
 * The only source of "now" for every component (DESIGN.md section 3). Domain code never reads
 * time itself: use cases ask this port and pass the instant down.
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
