import { type FixedWindow } from '@intake/domain-kernel';

/** Atomic counters per fixed time window (Redis). */
export abstract class WindowCounter {
  /** Adds one to the counter of `key` in `window` and returns the new count. */
  abstract increment(key: string, window: FixedWindow): Promise<number>;
  abstract read(key: string, window: FixedWindow): Promise<number>;
  abstract reset(key: string, window: FixedWindow): Promise<void>;
}
