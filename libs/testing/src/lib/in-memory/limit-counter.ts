import { type FixedWindow } from '@intake/domain-kernel';
import { LimitCounter, type WindowCounter } from '@intake/kernel';

/** LimitCounter in memory: exact, on the context's window counters (one process, no batching needed). */
export class InMemoryLimitCounter extends LimitCounter {
  constructor(private readonly counters: WindowCounter) {
    super();
  }

  count(key: string, window: FixedWindow): Promise<number> {
    return this.counters.increment(key, window);
  }
}
