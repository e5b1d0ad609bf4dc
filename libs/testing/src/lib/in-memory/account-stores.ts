import {
  type AccountPatch,
  type AccountRecord,
  AccountStore,
  type InvitationRecord,
  type UserRecord,
  UsageStore,
} from '@intake/application-accounts';
import { type InMemoryDatabase } from './database';
import { copy } from './unit-of-work';

/** Accounts, users and invitations in memory: e-mail addresses unique case-insensitively. */
export class InMemoryAccountStore extends AccountStore {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async createAccount(account: AccountRecord): Promise<void> {
    if (this.db.accounts.rows.some((a) => a.id === account.id)) throw new Error(`duplicate account ${account.id}`);
    this.db.accounts.rows.push(copy(account));
  }

  async getAccount(accountId: string): Promise<AccountRecord | undefined> {
    return copy(this.db.accounts.rows.find((a) => a.id === accountId));
  }

  async updateAccount(accountId: string, patch: AccountPatch, now: Date): Promise<AccountRecord> {
    const account = this.db.accounts.rows.find((a) => a.id === accountId);
    if (!account) throw new Error(`account ${accountId} vanished during an update`);
    for (const [field, value] of Object.entries(patch)) {
      if (value !== undefined) Object.assign(account, { [field]: value });
    }
    account.updated_at = new Date(now);
    return copy(account);
  }

  async createUser(user: UserRecord): Promise<boolean> {
    if (this.db.users.rows.some((u) => u.email.toLowerCase() === user.email.toLowerCase())) return false;
    this.db.users.rows.push(copy(user));
    return true;
  }

  async findUserByEmail(email: string): Promise<UserRecord | undefined> {
    return copy(this.db.users.rows.find((u) => u.email.toLowerCase() === email.toLowerCase()));
  }

  async getUser(accountId: string, userId: string): Promise<UserRecord | undefined> {
    return copy(this.db.users.rows.find((u) => u.account_id === accountId && u.id === userId));
  }

  async listUsers(accountId: string): Promise<UserRecord[]> {
    return copy(
      this.db.users.rows
        .filter((u) => u.account_id === accountId)
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : 1)),
    );
  }

  async deleteUser(accountId: string, userId: string): Promise<boolean> {
    const before = this.db.users.rows.length;
    this.db.users.rows = this.db.users.rows.filter((u) => !(u.account_id === accountId && u.id === userId));
    return this.db.users.rows.length < before;
  }

  async createInvitation(invitation: InvitationRecord): Promise<void> {
    this.db.invitations.rows.push(copy(invitation));
  }

  async findInvitation(tokenHash: Buffer): Promise<InvitationRecord | undefined> {
    return copy(this.db.invitations.rows.find((i) => Buffer.from(i.token_hash).equals(tokenHash)));
  }

  async acceptInvitation(invitationId: string, now: Date): Promise<boolean> {
    const invitation = this.db.invitations.rows.find(
      (i) => i.id === invitationId && i.accepted_at === null && i.expires_at.getTime() > now.getTime(),
    );
    if (!invitation) return false;
    invitation.accepted_at = new Date(now);
    return true;
  }
}

/** Usage counters in memory (the intake store counts created intakes into the same rows). */
export class InMemoryUsageStore extends UsageStore {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async get(accountId: string, period: string): Promise<{ intakes_created: number; sms_sent: number }> {
    const row = this.db.usage.rows.find((u) => u.account_id === accountId && u.period === period);
    return { intakes_created: row?.intakes_created ?? 0, sms_sent: row?.sms_sent ?? 0 };
  }
}
