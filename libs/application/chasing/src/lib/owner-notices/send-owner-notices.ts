import { AccountStore } from '@intake/application-accounts';
import { MailTransport } from '@intake/application-mail';
import { type ClockedPass } from '@intake/application-scheduling';
import { renderOwnerMail } from '@intake/domain-chase-mail';
import { type DueOwnerNotice, type OwnerNoticeOutcome, OwnerNoticeQueue } from '../ports/owner-notice-queue.port';
import { MAX_SEND_ATTEMPTS, retryDelayMs } from '../sending/deliver-chase';
import { SchedulerIdentity } from '../sending/send-due-chases';

/** Where owner notifications come from and link to (the app binds it from its configuration). */
export class OwnerMailSettings {
  /**
   * @param appUrl the dashboard's address; an intake's page is `{appUrl}/intakes/{id}`
   * @param from the From header of the service's own mail (MAIL_FROM)
   */
  constructor(
    readonly appUrl: string,
    readonly from: string,
  ) {}

  intakeUrl(intakeId: string): string {
    return `${this.appUrl.replace(/\/+$/, '')}/intakes/${intakeId}`;
  }
}

/** Notices claimed at once, the lease on them, and sends in flight at once. */
export const NOTICE_BATCH = 100;
export const NOTICE_LEASE_MS = 5 * 60_000;
const NOTICE_CONCURRENCY = 8;

/**
 * The scheduler pass `owner.notifications`: sends the queued notices to the account's people, in
 * the account's default language, a test intake's marked `[Test]` in the subject. Claimed in
 * batches under a lease; a temporary mail failure is tried again 1, 2, 4 and 8 minutes later,
 * then the notice is `failed`. A crash between a send and its record sends that notice again once
 * the lease runs out (at most the batch in flight). The notices of intakes on a test clock go
 * when their clock advances (`runOn`), at the clock's time.
 */
export class SendOwnerNotices implements ClockedPass {
  static readonly inject = [
    OwnerNoticeQueue,
    AccountStore,
    MailTransport,
    OwnerMailSettings,
    SchedulerIdentity,
  ] as const;

  readonly name = 'owner.notifications';

  constructor(
    private readonly queue: OwnerNoticeQueue,
    private readonly accounts: AccountStore,
    private readonly mail: MailTransport,
    private readonly settings: OwnerMailSettings,
    private readonly identity: SchedulerIdentity,
  ) {}

  run(now: Date, stop?: AbortSignal): Promise<number> {
    return this.runOn(null, now, stop);
  }

  async runOn(clock: string | null, now: Date, stop?: AbortSignal): Promise<number> {
    const { worker } = this.identity;
    let sent = 0;
    for (;;) {
      if (stop?.aborted) return sent; // shutting down: the batch held was finished
      const batch = await this.queue.claimDue(
        now,
        NOTICE_BATCH,
        { worker, until: new Date(now.getTime() + NOTICE_LEASE_MS) },
        clock,
      );
      for (let i = 0; i < batch.length; i += NOTICE_CONCURRENCY) {
        const results = await Promise.allSettled(
          batch.slice(i, i + NOTICE_CONCURRENCY).map((notice) => this.deliver(notice, worker, now)),
        );
        sent += results.filter((r) => r.status === 'fulfilled' && r.value === 'sent').length;
        const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failure) throw failure.reason; // the leases free the rest; the pass's job is retried
      }
      if (batch.length < NOTICE_BATCH) return sent;
    }
  }

  private async deliver(notice: DueOwnerNotice, worker: string, now: Date): Promise<'sent' | 'failed' | 'retry'> {
    const account = await this.accounts.getAccount(notice.account_id);
    if (!account) return this.settle(notice, worker, { status: 'failed', at: now, error: 'the account is gone' });
    const rendered = renderOwnerMail({
      ...notice.mail,
      account,
      language: null,
      intake_url: this.settings.intakeUrl(notice.intake_id),
    });
    let outcome: OwnerNoticeOutcome;
    try {
      const sent = await this.mail.send({
        to: [notice.recipient],
        subject: notice.mode === 'test' ? `[Test] ${rendered.subject}` : rendered.subject,
        text: rendered.text,
        html: rendered.html,
        from: this.settings.from,
        headers: { 'X-Intake-Notice': notice.id },
      });
      outcome = { status: 'sent', at: now, provider_message_id: sent.messageId };
    } catch (error) {
      const reason = `the mail server refused or did not answer: ${error instanceof Error ? error.message : String(error)}`;
      if (notice.send_attempts + 1 < MAX_SEND_ATTEMPTS) {
        const retryAt = new Date(now.getTime() + retryDelayMs(notice.send_attempts));
        await this.queue.retryLater(notice.id, worker, retryAt, reason);
        return 'retry';
      }
      outcome = { status: 'failed', at: now, error: reason };
    }
    return this.settle(notice, worker, outcome);
  }

  private async settle(notice: DueOwnerNotice, worker: string, outcome: OwnerNoticeOutcome) {
    await this.queue.settle(notice.id, worker, outcome);
    return outcome.status;
  }
}
