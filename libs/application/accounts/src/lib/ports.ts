import { type Branding, type Language, type PlanId, type Role, type Scope } from '@intake/domain-accounts';
import { type Mode } from '@intake/domain-kernel';

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

export interface SessionRecord {
  token_hash: Buffer;
  user_id: string;
  account_id: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export abstract class SessionStore {
  abstract create(session: SessionRecord): Promise<void>;
  /** The session and its user, when the session exists, is not revoked and has not expired. */
  abstract findActive(
    tokenHash: Buffer,
    now: Date,
  ): Promise<{ session: SessionRecord; user: UserRecord; plan: PlanId } | undefined>;
  abstract revoke(tokenHash: Buffer, now: Date): Promise<void>;
  abstract revokeAllOfUser(userId: string, now: Date): Promise<void>;
}

export interface ApiKeyRecord {
  id: string;
  account_id: string;
  name: string;
  mode: Mode;
  scopes: Scope[];
  token_hash: Buffer;
  prefix: string;
  last4: string;
  created_by_user_id: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export abstract class ApiKeyStore {
  abstract create(key: ApiKeyRecord): Promise<void>;
  abstract list(accountId: string): Promise<ApiKeyRecord[]>;
  abstract get(accountId: string, keyId: string): Promise<ApiKeyRecord | undefined>;
  /** The key with its account's plan (one round trip on every API-key request). */
  abstract findByTokenHash(tokenHash: Buffer): Promise<(ApiKeyRecord & { plan: PlanId }) | undefined>;
  /** Revokes a key that is not revoked yet; false when it already was. */
  abstract revoke(accountId: string, keyId: string, now: Date): Promise<boolean>;
  /** Records use, at most about once a minute per key (a write per request would be waste). */
  abstract touch(keyId: string, now: Date): Promise<void>;
}

/** A month's counters, and the account's balance of bought SMS credits (kept across months). */
export interface MonthlyUsage {
  intakes_created: number;
  /** SMS paid for by the plan's monthly allowance. */
  sms_sent: number;
  /** SMS paid for by bought credits this month. */
  sms_from_credits: number;
  /** Bought SMS credits left. */
  sms_credits: number;
}

/** An account's monthly usage counters (period `YYYY-MM`). */
export abstract class UsageStore {
  abstract get(accountId: string, period: string): Promise<MonthlyUsage>;
  /**
   * Counts one SMS against the period if fewer than `limit` were counted, else takes a bought
   * credit: true when counted, false (nothing written) when the credits are used up. In the caller's unit of work, so the
   * credit is taken with the chase that spends it, and two callers never take the last one both.
   */
  abstract takeSmsCredit(accountId: string, period: string, limit: number): Promise<boolean>;
  /** Gives back a credit taken for an SMS that was never sent (a bought one first; never below zero). */
  abstract returnSmsCredit(accountId: string, period: string): Promise<void>;
}
