import {
  type DueOwnerNotice,
  type Lease,
  type OwnerNotice,
  type OwnerNoticeOutcome,
  OwnerNoticeQueue,
} from '@intake/application-chasing';
import { type InMemoryDatabase, type OwnerNoticeRow } from './database';
import { asJson, copy } from './unit-of-work';

/** owner_notifications as the scheduler's queue, in memory: leases instead of row locks. */
export class InMemoryOwnerNoticeQueue extends OwnerNoticeQueue {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  /** Every notice as stored, oldest first (for tests). */
  get rows(): readonly OwnerNoticeRow[] {
    return copy(this.db.ownerNotices.rows);
  }

  async enqueue(notices: readonly OwnerNotice[]): Promise<void> {
    for (const notice of notices) {
      if (this.db.ownerNotices.rows.some((n) => n.id === notice.id)) throw new Error(`duplicate notice ${notice.id}`);
      if (!this.db.intakes.rows.some((i) => i.id === notice.intake_id)) {
        throw new Error(`notice ${notice.id}: no intake ${notice.intake_id}`); // the foreign key
      }
      this.db.ownerNotices.rows.push({
        ...copy(notice),
        mail: asJson(notice.mail) as unknown as OwnerNotice['mail'],
        status: 'pending',
        sent_at: null,
        provider_message_id: null,
        send_attempts: 0,
        error: null,
        claimed_until: null,
        claimed_by: null,
      });
    }
  }

  async claimDue(now: Date, limit: number, lease: Lease, clock: string | null = null): Promise<DueOwnerNotice[]> {
    const due = this.db.ownerNotices.rows
      .filter((n) => n.status === 'pending' && n.due_at <= now && (n.claimed_until === null || n.claimed_until < now))
      .filter((n) => this.db.onClock(n.intake_id, clock))
      .sort((a, b) => a.due_at.getTime() - b.due_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, limit);
    return due.map((n) => {
      n.claimed_until = new Date(lease.until);
      n.claimed_by = lease.worker;
      const { id, account_id, intake_id, mode, recipient, mail, due_at, created_at, send_attempts } = copy(n);
      return { id, account_id, intake_id, mode, recipient, mail, due_at, created_at, send_attempts };
    });
  }

  async settle(noticeId: string, worker: string, outcome: OwnerNoticeOutcome): Promise<boolean> {
    const notice = this.held(noticeId, worker);
    if (!notice) return false;
    notice.status = outcome.status;
    notice.sent_at = outcome.status === 'sent' ? new Date(outcome.at) : null;
    notice.provider_message_id = outcome.status === 'sent' ? outcome.provider_message_id : null;
    notice.error = outcome.status === 'sent' ? null : outcome.error;
    notice.mail = { kind: notice.mail.kind } as OwnerNotice['mail'];
    notice.claimed_until = null;
    notice.claimed_by = null;
    return true;
  }

  async retryLater(noticeId: string, worker: string, retryAt: Date, error: string): Promise<boolean> {
    const notice = this.held(noticeId, worker);
    if (!notice) return false;
    notice.due_at = new Date(retryAt);
    notice.error = error;
    notice.send_attempts += 1;
    notice.claimed_until = null;
    notice.claimed_by = null;
    return true;
  }

  private held(noticeId: string, worker: string): OwnerNoticeRow | undefined {
    return this.db.ownerNotices.rows.find(
      (n) => n.id === noticeId && n.status === 'pending' && n.claimed_by === worker,
    );
  }
}
