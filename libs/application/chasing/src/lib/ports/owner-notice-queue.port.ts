import { type OwnerMail } from '@intake/domain-chase-mail';
import { type Mode } from '@intake/domain-kernel';
import { type Lease } from './chase-queue.port';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * What a notification says, fixed when it is queued: an owner mail (`@intake/domain-chase-mail`)
 * without the account, the language and the link, which are filled in when it is sent.
 */
export type OwnerNoticeMail = DistributiveOmit<OwnerMail, 'account' | 'language' | 'intake_url'>;

/** One e-mail to one of the account's people about one of its intakes. */
export interface OwnerNotice {
  id: string;
  account_id: string;
  intake_id: string;
  /** The intake's mode: a test intake's notices are marked as such. */
  mode: Mode;
  /** The user's address. */
  recipient: string;
  mail: OwnerNoticeMail;
  /** Due at once when queued; later after a temporary failure. */
  due_at: Date;
  created_at: Date;
}

/** A due notice a scheduler holds under a lease. */
export interface DueOwnerNotice extends OwnerNotice {
  /** Earlier tries that failed for a temporary reason. */
  send_attempts: number;
}

export type OwnerNoticeOutcome =
  | { status: 'sent'; at: Date; provider_message_id: string | null }
  | { status: 'failed'; at: Date; error: string };

/**
 * The owner notifications waiting to be sent: queued in the transaction of what they report (so a
 * rollback takes them back and a commit keeps them through a crash), claimed by the scheduler
 * under a lease, as chases are, and settled after the mail went out (outside any transaction).
 */
export abstract class OwnerNoticeQueue {
  /** Queues notices in the caller's unit of work. */
  abstract enqueue(notices: readonly OwnerNotice[]): Promise<void>;
  /**
   * Claims up to `limit` pending notices due at `now` (no lease or an expired one), oldest first;
   * rows another scheduler is claiming are skipped, never waited for. `clock`: null (the default)
   * claims the notices of intakes on real time, a test clock's id those of that clock's intakes.
   */
  abstract claimDue(now: Date, limit: number, lease: Lease, clock: string | null): Promise<DueOwnerNotice[]>;
  /**
   * Records the outcome of a notice the worker still holds and frees it; what it said is dropped
   * (only its kind stays). False, with nothing written, when the lease was lost.
   */
  abstract settle(noticeId: string, worker: string, outcome: OwnerNoticeOutcome): Promise<boolean>;
  /** A temporary failure: frees the notice, due again at `retryAt`, one more attempt counted. */
  abstract retryLater(noticeId: string, worker: string, retryAt: Date, error: string): Promise<boolean>;
}
