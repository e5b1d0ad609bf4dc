/** Where the test clocks keep their frozen time: what the Clock's per-intake form reads. */
export abstract class TestClockTimes {
  /** The clock's frozen time; undefined when there is no such clock (any more). */
  abstract frozenTime(testClockId: string): Promise<Date | undefined>;
}
