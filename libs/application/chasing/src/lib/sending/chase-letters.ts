import { type AccountRecord, AccountStore, type UserRecord } from '@intake/application-accounts';
import { PortalLinks } from '@intake/application-intakes';
import { type OutgoingMail } from '@intake/application-mail';
import { type OutgoingSms } from '@intake/application-sms';
import { effectiveBranding } from '@intake/domain-accounts';
import { type ClientMail, fromHeader, fromName, renderClientMail, renderClientSms } from '@intake/domain-chase-mail';
import { missingItemKeys, type IntakeRecord, type ItemRecord } from '@intake/domain-intake';
import { type DueChase } from '../ports/chase-queue.port';

/** The address chase mail is sent from (MAIL_FROM's address; the display name is the sender's). */
export class MailIdentity {
  constructor(readonly address: string) {}
}

/** Who a chase mail comes from: the account (its sender name) and its owner (the reply-to). */
export interface Sender {
  account: AccountRecord;
  owner: UserRecord | undefined;
}

/** The e-mail (or text message) a chase sends: the client mails of @intake/domain-chase-mail, addressed. */
export class ChaseLetters {
  static readonly inject = [AccountStore, PortalLinks, MailIdentity] as const;

  constructor(
    private readonly accounts: AccountStore,
    private readonly links: PortalLinks,
    private readonly identity: MailIdentity,
  ) {}

  /** The senders of these accounts, read at once for a batch of chases (accounts gone are left out). */
  async senders(accountIds: readonly string[]): Promise<Map<string, Sender>> {
    const [accounts, owners] = await Promise.all([
      this.accounts.getAccounts(accountIds),
      this.accounts.ownersOf(accountIds),
    ]);
    const ownerOf = new Map(owners.map((o) => [o.account_id, o]));
    return new Map(accounts.map((account) => [account.id, { account, owner: ownerOf.get(account.id) }]));
  }

  compose(chase: DueChase, intake: IntakeRecord, items: ItemRecord[], to: string[], sender: Sender): OutgoingMail {
    const { account, owner } = sender;
    const rendered = renderClientMail(
      letterOf(chase, intake, items, {
        account,
        project_name: intake.project_name,
        recipient_name: intake.client_name,
        language: intake.client_language,
        portal_url: this.links.of(intake),
        reply_to: owner?.email ?? null,
        email_copy: intake.email_copy,
        due_date: intake.due_date,
        branding: effectiveBranding(intake.branding, account.branding),
      }),
    );
    return {
      to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      from: fromHeader(fromName(account, rendered.language), this.identity.address),
      ...(owner ? { replyTo: owner.email } : {}),
      headers: { 'X-Intake-Chase': chase.id },
    };
  }

  /** A manual chase by SMS: one line in the client's language with the portal link, to `to`. */
  text(intake: IntakeRecord, to: string, sender: Sender): OutgoingSms {
    const { body } = renderClientSms({
      account: sender.account,
      project_name: intake.project_name,
      language: intake.client_language,
      portal_url: this.links.of(intake),
    });
    return { to, body };
  }
}

/** The items the client still has to send, by label (required or not, in the intake's order). */
export function missingLabels(items: ItemRecord[]): string[] {
  const missing = new Set(missingItemKeys(items));
  return items.filter((i) => missing.has(i.key)).map((i) => i.label);
}

function letterOf(
  chase: DueChase,
  intake: IntakeRecord,
  items: ItemRecord[],
  base: Omit<ClientMail, 'kind' | 'missing_items' | 'requested_items' | 'item_label' | 'note' | 'added_items'>,
): ClientMail {
  switch (chase.kind) {
    case 'invite':
      return {
        ...base,
        kind: 'invite',
        requested_items: items.filter((i) => i.assignee === 'client').map((i) => i.label),
      };
    case 'reminder':
      return { ...base, kind: 'reminder', missing_items: missingLabels(items) };
    case 'manual':
      return { ...base, kind: 'manual', missing_items: missingLabels(items) };
    case 'revision': {
      // The revision chase names no item: the one waiting longest for its revision goes first.
      const item = items.find((i) => i.status === 'needs_revision');
      return {
        ...base,
        kind: 'revision',
        item_label: item?.label ?? intake.project_name,
        note: item?.revision_note ?? null,
      };
    }
    case 'items_added': {
      // The items the chase was queued for, by label in the intake's order.
      const keys = new Set(chase.item_keys ?? []);
      return { ...base, kind: 'items_added', added_items: items.filter((i) => keys.has(i.key)).map((i) => i.label) };
    }
    case 'thank_you':
      return { ...base, kind: 'thank_you' };
  }
}
