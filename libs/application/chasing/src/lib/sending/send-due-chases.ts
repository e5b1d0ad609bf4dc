import { type ClockedPass, SchedulerPass } from '@intake/application-scheduling';
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

/**
 * The scheduler pass that sends due chases (invitations, reminders, revision notices, manual
 * chases, and the client mails that travel as chases: thank-yous and items-added notices): batches claimed under a lease until none is due, each chase delivered and recorded.
 * Once `stop` is aborted (SIGTERM) it finishes the batch it holds and claims no more. The chases
 * of intakes on a test clock go when their clock advances (`runOn`), at the clock's time.
 */
export class SendDueChases extends SchedulerPass implements ClockedPass {
  static readonly inject = [ChaseQueue, DeliverChase, SchedulerIdentity] as const;
  readonly name = 'chases';

  constructor(
    private readonly queue: ChaseQueue,
    private readonly delivery: DeliverChase,
    private readonly identity: SchedulerIdentity,
  ) {
    super();
  }

  run(now: Date, stop?: AbortSignal): Promise<number> {
    return this.runOn(null, now, stop);
  }

  async runOn(clock: string | null, now: Date, stop?: AbortSignal): Promise<number> {
    const { worker } = this.identity;
    let handled = 0;
    for (;;) {
      if (stop?.aborted) return handled;
      const batch = await this.queue.claimDue(
        now,
        CHASE_BATCH,
        { worker, until: new Date(now.getTime() + CHASE_LEASE_MS) },
        clock,
      );
      // A failure is thrown after the batch's sends are recorded; the lease frees the rest and the
      // pass's job is retried.
      handled += await this.delivery.deliverBatch(batch, worker, now);
      if (batch.length < CHASE_BATCH) return handled;
    }
  }
}
