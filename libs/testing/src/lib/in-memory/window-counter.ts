import { type FixedWindow } from '@intake/domain-kernel';
import { WindowCounter } from '@intake/kernel';

/** Fixed-window counters in memory (the Redis one's semantics; counters are not transactional there either). */
export class InMemoryWindowCounter extends WindowCounter {
  private readonly counts = new Map<string, number>();

  private static slot(key: string, window: FixedWindow): string {
    return `${key}@${window.id}`;
  }

  async increment(key: string, window: FixedWindow): Promise<number> {
    const slot = InMemoryWindowCounter.slot(key, window);
    const count = (this.counts.get(slot) ?? 0) + 1;
    this.counts.set(slot, count);
    return count;
  }

  async read(key: string, window: FixedWindow): Promise<number> {
    return this.counts.get(InMemoryWindowCounter.slot(key, window)) ?? 0;
  }

  async reset(key: string, window: FixedWindow): Promise<void> {
    this.counts.delete(InMemoryWindowCounter.slot(key, window));
  }
}
