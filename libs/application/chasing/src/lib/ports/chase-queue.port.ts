import { type ChaseRecord } from '@intake/application-intakes';

/** A due chase a scheduler holds under a lease, with what it needs to find its intake. */
export interface DueChase {
  id: string;
  intake_id: string;
  account_id: string;
  channel: ChaseRecord['channel'];
  kind: ChaseRecord['kind'];
  attempt_no: number;
  scheduled_at: Date;
  /** Earlier tries that failed for a temporary reason (the mail server did not answer). */
  send_attempts: number;
  /** The items an `items_added` mail names, by key; null for every other kind. */
  item_keys: string[] | null;
}

/** Who holds a claim, and until when: a claim is a lease, never a status value. */
export interface Lease {
  worker: string;
  until: Date;
}

/** What became of a chase: the final status the chase record keeps. */
export type ChaseOutcome =
  | {
      status: 'sent';
      at: Date;
      provider_message_id: string | null;
      recipients: readonly string[];
      missing_items_count: number;
    }
  | { status: 'skipped' | 'cancelled' | 'failed'; at: Date; error: string };

/** The outcome of one claimed chase, to be recorded. */
export interface Settlement {
  chaseId: string;
  outcome: ChaseOutcome;
}

/**
 * The chases table as the scheduler's work queue. The table stays the source of truth (the
 * status endpoint reads it): claiming sets a lease on due `scheduled` rows, settling records the
 * outcome, and a crashed scheduler's rows become due again when their lease runs out.
 */
export abstract class ChaseQueue {
  /**
   * Claims up to `limit` due chases (status `scheduled`, `scheduled_at` at or before `now`, no
   * lease or an expired one), oldest first. Rows another scheduler is claiming are skipped, never
   * waited for, so two schedulers split the work and never claim one chase both. `clock`: null
   * (the default) claims only chases of intakes on real time, a test clock's id only those of
   * that clock's intakes.
   */
  abstract claimDue(now: Date, limit: number, lease: Lease, clock: string | null): Promise<DueChase[]>;
  /**
   * Records the outcome of a chase the worker still holds and frees it; false (nothing written)
   * when the lease was lost: it ran out and another scheduler claimed the chase.
   */
  abstract settle(chaseId: string, worker: string, outcome: ChaseOutcome): Promise<boolean>;
  /** settle for several chases in one go: the ids it recorded (those whose lease was lost left out). */
  abstract settleMany(worker: string, settlements: readonly Settlement[]): Promise<string[]>;
  /** A temporary failure: frees the chase, due again at `retryAt`, one more send attempt counted. */
  abstract retryLater(chaseId: string, worker: string, retryAt: Date, error: string): Promise<boolean>;
}
