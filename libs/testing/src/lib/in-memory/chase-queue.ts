import { type ChaseOutcome, ChaseQueue, type DueChase, type Lease, type Settlement } from '@intake/application-chasing';
import { type ChaseDeliveryRow, type InMemoryDatabase } from './database';

/** The chases table as the scheduler's queue, in memory: leases instead of row locks. */
export class InMemoryChaseQueue extends ChaseQueue {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  /** The scheduler columns of a chase, as the row has them (defaults until a scheduler touched it). */
  delivery(chaseId: string): ChaseDeliveryRow {
    let row = this.db.chaseDelivery.rows.find((r) => r.chase_id === chaseId);
    if (!row) {
      row = {
        chase_id: chaseId,
        claimed_until: null,
        claimed_by: null,
        provider_message_id: null,
        recipients: [],
        delivered_to: [],
        send_attempts: 0,
        provider_events: [],
      };
      this.db.chaseDelivery.rows.push(row);
    }
    return row;
  }

  async claimDue(now: Date, limit: number, lease: Lease, clock: string | null = null): Promise<DueChase[]> {
    const due = this.db.chases.rows
      .filter((c) => c.status === 'scheduled' && c.scheduled_at !== null && c.scheduled_at <= now)
      .filter((c) => this.db.onClock(c.intake_id, clock))
      .filter((c) => {
        const held = this.delivery(c.id).claimed_until;
        return held === null || held < now;
      })
      .sort(
        (a, b) => (a.scheduled_at as Date).getTime() - (b.scheduled_at as Date).getTime() || a.id.localeCompare(b.id),
      )
      .slice(0, limit);
    return due.map((c) => {
      const row = this.delivery(c.id);
      row.claimed_until = new Date(lease.until);
      row.claimed_by = lease.worker;
      const intake = this.db.intakes.rows.find((i) => i.id === c.intake_id);
      return {
        id: c.id,
        intake_id: c.intake_id,
        account_id: intake?.account_id ?? '',
        channel: c.channel,
        kind: c.kind,
        attempt_no: c.attempt_no,
        scheduled_at: new Date(c.scheduled_at as Date),
        send_attempts: row.send_attempts,
        item_keys: c.item_keys ? [...c.item_keys] : null,
      };
    });
  }

  async settle(chaseId: string, worker: string, outcome: ChaseOutcome): Promise<boolean> {
    const chase = this.held(chaseId, worker);
    if (!chase) return false;
    const row = this.delivery(chaseId);
    chase.status = outcome.status;
    if (outcome.status === 'sent') {
      chase.sent_at = new Date(outcome.at);
      chase.missing_items_count = outcome.missing_items_count;
      row.provider_message_id = outcome.provider_message_id;
      row.recipients = [...outcome.recipients];
    } else {
      chase.error = outcome.error;
    }
    row.claimed_until = null;
    row.claimed_by = null;
    return true;
  }

  async settleMany(worker: string, settlements: readonly Settlement[]): Promise<string[]> {
    const settled: string[] = [];
    for (const { chaseId, outcome } of settlements)
      if (await this.settle(chaseId, worker, outcome)) settled.push(chaseId);
    return settled;
  }

  async retryLater(chaseId: string, worker: string, retryAt: Date, error: string): Promise<boolean> {
    const chase = this.held(chaseId, worker);
    if (!chase) return false;
    const row = this.delivery(chaseId);
    chase.scheduled_at = new Date(retryAt);
    chase.error = error;
    row.send_attempts += 1;
    row.claimed_until = null;
    row.claimed_by = null;
    return true;
  }

  private held(chaseId: string, worker: string) {
    const chase = this.db.chases.rows.find((c) => c.id === chaseId);
    if (!chase || chase.status !== 'scheduled' || this.delivery(chaseId).claimed_by !== worker) return undefined;
    return chase;
  }
}
