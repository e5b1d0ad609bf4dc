import { type Branding } from '@intake/domain-accounts';
import { type Language } from '@intake/domain-messages';

/** What the mails need to know of the account (its record has more). */
export interface MailAccount {
  name: string;
  /** The name the client sees as the one asking; null or blank falls back to the account name. */
  sender_name: string | null;
  /** The account's default language (any string: one we do not speak falls back to English). */
  default_language: string;
}

/**
 * `email_copy` (docs/contract.md "E-mail copy"): the owner's own subject and intro line; blank means "ours".
 */
export interface EmailCopy {
  subject?: string | null;
  intro?: string | null;
}

/** What every mail to the client (or an additional recipient) is built from. */
export interface ClientMailBase {
  account: MailAccount;
  project_name: string;
  /** The addressee: the client's name, or an additional recipient's; null greets without a name. */
  recipient_name: string | null;
  /** client.language; unknown or absent falls back to the account's default_language, then en. */
  language?: string | null;
  /** The client's portal link. */
  portal_url: string;
  /** The owner's address replies go to; null or absent when replies go nowhere. */
  reply_to?: string | null;
  email_copy?: EmailCopy | null;
  /** `YYYY-MM-DD`, written out in the client's language. */
  due_date?: string | null;
  /**
   * The branding the client sees (the intake's own, else the account's): the HTML part's heading
   * (logo, display name) and accent; null or absent: our plain look.
   */
  branding?: Branding | null;
}

/** The client mails, by kind; item lists are the items' labels. */
export type ClientMail = ClientMailBase &
  (
    | { kind: 'invite'; requested_items?: readonly string[] }
    | { kind: 'reminder'; missing_items: readonly string[] }
    | { kind: 'manual'; missing_items: readonly string[] }
    | { kind: 'revision'; item_label: string; note: string | null }
    | { kind: 'items_added'; added_items: readonly string[] }
    | { kind: 'thank_you' }
  );
export type ClientMailKind = ClientMail['kind'];

/** What every notification to the account owner is built from. */
export interface OwnerMailBase {
  account: MailAccount;
  /** The owner's language when known; else the account's default_language, then en. */
  language?: string | null;
  project_name: string;
  client: { name: string | null; email: string };
  /** The intake's page in the dashboard. */
  intake_url: string;
}

/** The owner notifications, by kind; item lists are the items' labels. */
export type OwnerMail = OwnerMailBase &
  (
    | { kind: 'intake_completed' }
    | { kind: 'intake_stalled'; reminders_sent: number; missing_items: readonly string[] }
    | { kind: 'intake_overdue'; due_date: string; outstanding_items: readonly string[] }
    | { kind: 'client_bounced'; address: string; event_type: 'bounced' | 'complained'; still_chasing: boolean }
  );
export type OwnerMailKind = OwnerMail['kind'];

/** A mail ready for the transport, in the language it was written in. */
export interface RenderedMail {
  language: Language;
  subject: string;
  text: string;
  html: string;
}
