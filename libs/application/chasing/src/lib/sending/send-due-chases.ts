import { SchedulerPass } from '@intake/application-scheduling';
import { ChaseQueue } from '../ports/chase-queue.port';
import { DeliverChase } from './deliver-chase';

/** Who this scheduler process is, in the leases it takes (host and pid, say). */
export class SchedulerIdentity {
  constructor(readonly worker: string) {}
}

/** Chases claimed at once. */
export const CHASE_BATCH = 100;
/** How long a claim holds: longer than a batch takes to send, short enough to recover from a crash. */
export const CHASE_LEASE_MS = 5 * 60_000;
/** Sends in flight at once within a batch. */
export const CHASE_CONCURRENCY = 16;

/**
 * The scheduler pass that sends due chases (invitations, reminders, revision notices, manual
 * chases): batches claimed under a lease until none is due, each chase delivered and recorded.
 */
export class SendDueChases extends SchedulerPass {
  static readonly inject = [ChaseQueue, DeliverChase, SchedulerIdentity] as const;
  readonly name = 'chases';

  constructor(
    private readonly queue: ChaseQueue,
    private readonly delivery: DeliverChase,
    private readonly identity: SchedulerIdentity,
  ) {
    super();
  }

  async run(now: Date): Promise<number> {
    const { worker } = this.identity;
    let handled = 0;
    for (;;) {
      const batch = await this.queue.claimDue(now, CHASE_BATCH, {
        worker,
        until: new Date(now.getTime() + CHASE_LEASE_MS),
      });
      for (let i = 0; i < batch.length; i += CHASE_CONCURRENCY) {
        const slice = batch.slice(i, i + CHASE_CONCURRENCY);
        const results = await Promise.allSettled(slice.map((chase) => this.delivery.deliver(chase, worker, now)));
        handled += results.filter((r) => r.status === 'fulfilled').length;
        const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failure) throw failure.reason; // the lease frees the rest; the pass's job is retried
      }
      if (batch.length < CHASE_BATCH) return handled;
    }
  }
}
