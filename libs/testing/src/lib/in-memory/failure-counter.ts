import { addFailure, type FailureTally, NO_FAILURES } from '@intake/domain-kernel';
import { FailureCounter } from '@intake/kernel';

/** Failure tallies in memory, with the Redis adapter's semantics (the shared contract says which). */
export class InMemoryFailureCounter extends FailureCounter {
  private readonly tallies = new Map<string, FailureTally>();

  async read(key: string): Promise<FailureTally> {
    return this.tallies.get(key) ?? NO_FAILURES;
  }

  async record(key: string, at: Date, forgetAfterSeconds: number): Promise<FailureTally> {
    const tally = addFailure(this.tallies.get(key) ?? NO_FAILURES, at, forgetAfterSeconds);
    this.tallies.set(key, tally);
    return tally;
  }

  async clear(key: string): Promise<void> {
    this.tallies.delete(key);
  }

  /** The keys counted, for tests that check what a key may hold. */
  keys(): string[] {
    return [...this.tallies.keys()];
  }
}
