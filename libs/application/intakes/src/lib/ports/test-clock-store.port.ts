import { TestClockTimes } from '@intake/kernel';
import { type TestClockRecord } from '../test-clocks/test-clock';

/** The test clocks of the accounts (and the Clock's per-intake form reads their frozen time). */
export abstract class TestClockStore extends TestClockTimes {
  abstract insert(clock: TestClockRecord): Promise<void>;
  abstract get(accountId: string, clockId: string): Promise<TestClockRecord | undefined>;
  /** Like get, locking the row until the unit of work ends (an advance, a new intake on it, a delete). */
  abstract getForUpdate(accountId: string, clockId: string): Promise<TestClockRecord | undefined>;
  /** The account's clocks, oldest first. */
  abstract list(accountId: string): Promise<TestClockRecord[]>;
  /** Starts an advance: status `advancing` towards `to`. */
  abstract startAdvance(clockId: string, to: Date): Promise<void>;
  abstract delete(clockId: string): Promise<void>;
  /** The ids of the intakes that live on the clock. */
  abstract intakeIds(clockId: string): Promise<string[]>;
}
