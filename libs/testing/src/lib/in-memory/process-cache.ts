import { EventEmitter } from 'node:events';
import { ProcessCache } from '@intake/kernel';

/**
 * ProcessCache in memory: the instances made with one `bus` stand for the processes of one
 * deployment (an invalidation reaches every one of them at once).
 */
export class InMemoryProcessCache extends ProcessCache {
  private readonly entries = new Map<string, { value: unknown; tags: readonly string[] }>();
  private generation = 0;

  constructor(private readonly bus = new EventEmitter()) {
    super();
    bus.on('invalidate', (tag: string) => this.drop(tag));
  }

  get<T>(key: string): T | undefined {
    return this.entries.get(key)?.value as T | undefined;
  }

  ticket(): number {
    return this.generation;
  }

  remember(key: string, tags: readonly string[], value: unknown, ticket: number): void {
    if (ticket === this.generation) this.entries.set(key, { value, tags });
  }

  async invalidate(tag: string): Promise<void> {
    this.bus.emit('invalidate', tag);
  }

  private drop(tag: string): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (entry.tags.includes(tag)) this.entries.delete(key);
  }
}
