/**
 * Control surface of the shared test clock (`TEST_CLOCK=enabled`). Setting it moves "now" for
 * every process that shares the backing store (api, scheduler, dispatcher).
 */
export abstract class TestClockControl {
  /** Moves the shared clock forward by a number of seconds; returns the new now. */
  abstract advance(seconds: number): Promise<Date>;
  /** Sets the shared clock to an instant; returns it. */
  abstract setNow(instant: Date): Promise<Date>;
}
