import { ChaseQueue, type ChaseOutcome, type DueChase, type Lease, type Settlement } from '@intake/application-chasing';
import { type Metrics } from '@intake/http';

/**
 * The chase queue, counting each recorded outcome by channel for GET /metrics
 * (intake_chases_total). The channel comes from the claim; a chase settled without one this
 * process claimed counts as `unknown`.
 */
export class MeteredChaseQueue extends ChaseQueue {
  private readonly channels = new Map<string, string>();

  constructor(
    private readonly inner: ChaseQueue,
    private readonly metrics: Metrics,
  ) {
    super();
  }

  async claimDue(now: Date, limit: number, lease: Lease, clock: string | null): Promise<DueChase[]> {
    const claimed = await this.inner.claimDue(now, limit, lease, clock);
    for (const chase of claimed) this.channels.set(chase.id, chase.channel);
    return claimed;
  }

  async settle(chaseId: string, worker: string, outcome: ChaseOutcome): Promise<boolean> {
    const recorded = await this.inner.settle(chaseId, worker, outcome);
    this.count(chaseId, outcome.status, recorded);
    return recorded;
  }

  async settleMany(worker: string, settlements: readonly Settlement[]): Promise<string[]> {
    const recorded = new Set(await this.inner.settleMany(worker, settlements));
    for (const { chaseId, outcome } of settlements) this.count(chaseId, outcome.status, recorded.has(chaseId));
    return [...recorded];
  }

  async retryLater(chaseId: string, worker: string, retryAt: Date, error: string): Promise<boolean> {
    return this.inner.retryLater(chaseId, worker, retryAt, error);
  }

  private count(chaseId: string, outcome: ChaseOutcome['status'], recorded: boolean): void {
    const channel = this.channels.get(chaseId) ?? 'unknown';
    this.channels.delete(chaseId);
    if (recorded) this.metrics.chases.inc({ channel, outcome });
  }
}
