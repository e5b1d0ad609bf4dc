import { type Branding, type Language, type PlanId, type Role } from '@intake/domain-accounts';

/**
 * Which e-mails about its intakes the account's people get: the owner, each kind switchable, and
 * with `notify_members` every member as well (intake.overdue as a webhook event fires regardless).
 */
export interface OwnerNotificationSettings {
  notify_on_completed: boolean;
  notify_on_stalled: boolean;
  notify_on_overdue: boolean;
  notify_on_bounced: boolean;
  notify_members: boolean;
}

/** The account's e-mail settings: the owner's notifications, and the mail its clients get unasked. */
export interface AccountMailSettings extends OwnerNotificationSettings {
  /**
   * Whether a client is thanked by e-mail when their intake completes (an intake's own
   * `send_thank_you` overrides it).
   */
  send_thank_you: boolean;
}

/** A new account's: the owner gets every notification, the members none; clients are thanked. */
export const DEFAULT_NOTIFICATION_SETTINGS: AccountMailSettings = {
  notify_on_completed: true,
  notify_on_stalled: true,
  notify_on_overdue: true,
  notify_on_bounced: true,
  notify_members: false,
  send_thank_you: true,
};

export interface AccountRecord extends AccountMailSettings {
  id: string;
  name: string;
  plan: PlanId;
  default_language: Language;
  default_timezone: string;
  sender_name: string | null;
  /** The branding of the account's intakes that have none of their own; null: our plain look. */
  branding: Branding | null;
  storage_bytes_used: number;
  created_at: Date;
  updated_at: Date;
}

export interface UserRecord {
  id: string;
  account_id: string;
  email: string;
  name: string;
  role: Role;
  password_hash: string;
  created_at: Date;
}

export interface InvitationRecord {
  id: string;
  account_id: string;
  email: string;
  name: string;
  token_hash: Buffer;
  invited_by: string;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
}

export type AccountPatch = Partial<
  Pick<AccountRecord, 'name' | 'default_language' | 'default_timezone' | 'sender_name' | 'branding'> &
    AccountMailSettings
>;

export abstract class AccountStore {
  abstract createAccount(account: AccountRecord): Promise<void>;
  abstract getAccount(accountId: string): Promise<AccountRecord | undefined>;
  abstract updateAccount(accountId: string, patch: AccountPatch, now: Date): Promise<AccountRecord>;
  /** Resolves false when the e-mail address is already taken (case-insensitively). */
  abstract createUser(user: UserRecord): Promise<boolean>;
  abstract findUserByEmail(email: string): Promise<UserRecord | undefined>;
  abstract getUser(accountId: string, userId: string): Promise<UserRecord | undefined>;
  abstract listUsers(accountId: string): Promise<UserRecord[]>;
  abstract deleteUser(accountId: string, userId: string): Promise<boolean>;
  abstract createInvitation(invitation: InvitationRecord): Promise<void>;
  abstract findInvitation(tokenHash: Buffer): Promise<InvitationRecord | undefined>;
  /** Marks it accepted only if it still is open; false when someone else got there first. */
  abstract acceptInvitation(invitationId: string, now: Date): Promise<boolean>;
  /** Many accounts at once (the scheduler's batches), in id order; unknown ids left out. */
  abstract getAccounts(accountIds: readonly string[]): Promise<AccountRecord[]>;
  /** The owner of each of these accounts (the earliest, as listUsers orders them), in account id order. */
  abstract ownersOf(accountIds: readonly string[]): Promise<UserRecord[]>;
}
