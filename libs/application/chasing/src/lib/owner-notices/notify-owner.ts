import { AccountStore, type OwnerNotificationSettings } from '@intake/application-accounts';
import { type OwnerAlert, OwnerNotifier, remindersSent } from '@intake/application-intakes';
import { newId } from '@intake/ids';
import { type OwnerNoticeMail, OwnerNoticeQueue } from '../ports/owner-notice-queue.port';
import { ChaseStore } from '../ports/chase-store.port';
import { ChaseIntakes } from '../ports/chase-intakes.port';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/** The account setting that switches each kind of notification. */
export const NOTICE_SWITCHES = {
  intake_completed: 'notify_on_completed',
  intake_stalled: 'notify_on_stalled',
  intake_overdue: 'notify_on_overdue',
  client_bounced: 'notify_on_bounced',
} as const satisfies Record<OwnerAlert['kind'], keyof OwnerNotificationSettings>;

/**
 * The intakes context's OwnerNotifier (and the bounce handling's): when the account has the kind
 * switched on, queues one notice per recipient — the owner, and every member with
 * `notify_members` — in the caller's transaction. What the mail says is fixed now (items by
 * label, the reminders sent so far); SendOwnerNotices sends it after the commit.
 */
export class NotifyOwner extends OwnerNotifier {
  static readonly inject = [AccountStore, ChaseIntakes, ChaseStore, OwnerNoticeQueue] as const;

  constructor(
    private readonly accounts: AccountStore,
    private readonly intakes: ChaseIntakes,
    private readonly chases: ChaseStore,
    private readonly queue: OwnerNoticeQueue,
  ) {
    super();
  }

  async notify(intake: IntakeRecord, items: readonly ItemRecord[], alert: OwnerAlert, now: Date): Promise<void> {
    const account = await this.accounts.getAccount(intake.account_id);
    if (!account?.[NOTICE_SWITCHES[alert.kind]]) return;
    const people = (await this.accounts.listUsers(intake.account_id)).filter(
      (user) => user.role === 'owner' || account.notify_members,
    );
    if (people.length === 0) return;
    const mail = await this.mailOf(intake, items, alert);
    await this.queue.enqueue(
      people.map((user) => ({
        id: newId('ownerNotice'),
        account_id: intake.account_id,
        intake_id: intake.id,
        mode: intake.mode,
        recipient: user.email,
        mail,
        due_at: now,
        created_at: now,
      })),
    );
  }

  private async mailOf(
    intake: IntakeRecord,
    given: readonly ItemRecord[],
    alert: OwnerAlert,
  ): Promise<OwnerNoticeMail> {
    const base = {
      project_name: intake.project_name,
      client: { name: intake.client_name, email: intake.client_email },
    };
    const labels = async (keys: readonly string[]) => {
      const items = given.length ? given : await this.intakes.items(intake.id);
      return keys.map((key) => items.find((item) => item.key === key)?.label ?? key);
    };
    switch (alert.kind) {
      case 'intake_completed':
        return { ...base, kind: alert.kind };
      case 'intake_stalled':
        return {
          ...base,
          kind: alert.kind,
          reminders_sent: remindersSent(await this.chases.chases(intake.id)),
          missing_items: await labels(alert.missing_items),
        };
      case 'intake_overdue':
        return {
          ...base,
          kind: alert.kind,
          due_date: alert.due_date,
          outstanding_items: await labels(alert.outstanding_items),
        };
      case 'client_bounced':
        return {
          ...base,
          kind: alert.kind,
          address: alert.address,
          event_type: alert.event_type,
          still_chasing: alert.still_chasing,
        };
    }
  }
}
