import { randomBytes, scryptSync } from 'node:crypto';
import {
  type AccountPatch,
  type AccountRecord,
  AccountStore,
  type ApiKeyRecord,
  ApiKeyStore,
  type InvitationRecord,
  KEY_TOUCH_EVERY_MS,
  type MonthlyUsage,
  type SessionRecord,
  SessionStore,
  type UserRecord,
  UsageStore,
} from '@intake/application-accounts';
import { type PlanId } from '@intake/domain-accounts';
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

  async getAccounts(accountIds: readonly string[]): Promise<AccountRecord[]> {
    return copy(this.db.accounts.rows.filter((a) => accountIds.includes(a.id)).sort((a, b) => (a.id < b.id ? -1 : 1)));
  }

  async ownersOf(accountIds: readonly string[]): Promise<UserRecord[]> {
    const owners: UserRecord[] = [];
    for (const accountId of [...new Set(accountIds)].sort()) {
      const owner = (await this.listUsers(accountId)).find((u) => u.role === 'owner');
      if (owner) owners.push(owner);
    }
    return owners;
  }

  async listUsers(accountId: string): Promise<UserRecord[]> {
    return copy(
      this.db.users.rows
        .filter((u) => u.account_id === accountId)
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : 1)),
    );
  }

  async deleteUser(accountId: string, userId: string): Promise<boolean> {
    return this.db.deleteUser(accountId, userId);
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

  async get(accountId: string, period: string): Promise<MonthlyUsage> {
    const row = this.db.usage.rows.find((u) => u.account_id === accountId && u.period === period);
    return {
      intakes_created: row?.intakes_created ?? 0,
      sms_sent: row?.sms_sent ?? 0,
      sms_from_credits: row?.sms_from_credits ?? 0,
      sms_credits: this.db.smsCredits.rows.find((c) => c.account_id === accountId)?.balance ?? 0,
    };
  }

  async takeSmsCredit(accountId: string, period: string, limit: number): Promise<boolean> {
    const row = this.db.usageOf(accountId, period);
    if (limit > 0 && row.sms_sent < limit) {
      row.sms_sent += 1;
      return true;
    }
    const credits = this.db.creditsOf(accountId);
    if (credits.balance <= 0) return false;
    credits.balance -= 1;
    row.sms_from_credits = (row.sms_from_credits ?? 0) + 1;
    return true;
  }

  async returnSmsCredit(accountId: string, period: string): Promise<void> {
    const row = this.db.usage.rows.find((u) => u.account_id === accountId && u.period === period);
    if (row?.sms_from_credits) {
      row.sms_from_credits -= 1;
      this.db.creditsOf(accountId).balance += 1;
    } else if (row && row.sms_sent > 0) row.sms_sent -= 1;
  }
}

const sameHash = (a: Buffer, b: Buffer) => Buffer.from(a).equals(b);

/** Sessions in memory: found only while neither revoked nor expired, with their user and plan. */
export class InMemorySessionStore extends SessionStore {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async create(session: SessionRecord): Promise<void> {
    if (this.db.sessions.rows.some((s) => sameHash(s.token_hash, session.token_hash))) {
      throw new Error('duplicate session token hash');
    }
    this.db.sessions.rows.push(copy(session));
  }

  async findActive(
    tokenHash: Buffer,
    now: Date,
  ): Promise<{ session: SessionRecord; user: UserRecord; plan: PlanId } | undefined> {
    const session = this.db.sessions.rows.find(
      (s) => sameHash(s.token_hash, tokenHash) && s.revoked_at === null && s.expires_at.getTime() > now.getTime(),
    );
    const user = session && this.db.users.rows.find((u) => u.id === session.user_id);
    const account = session && this.db.accounts.rows.find((a) => a.id === session.account_id);
    if (!session || !user || !account) return undefined;
    return { session: copy(session), user: copy(user), plan: account.plan };
  }

  async revoke(tokenHash: Buffer, now: Date): Promise<void> {
    for (const s of this.db.sessions.rows) {
      if (sameHash(s.token_hash, tokenHash) && s.revoked_at === null) s.revoked_at = new Date(now);
    }
  }

  async revokeAllOfUser(userId: string, now: Date): Promise<void> {
    for (const s of this.db.sessions.rows)
      if (s.user_id === userId && s.revoked_at === null) s.revoked_at = new Date(now);
  }
}

/** API keys in memory: ids and token hashes unique; listed newest first; use recorded once a minute. */
export class InMemoryApiKeyStore extends ApiKeyStore {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async create(key: ApiKeyRecord): Promise<void> {
    if (this.db.apiKeys.rows.some((k) => k.id === key.id || sameHash(k.token_hash, key.token_hash))) {
      throw new Error(`duplicate API key ${key.id}`);
    }
    this.db.apiKeys.rows.push(copy(key));
  }

  async list(accountId: string): Promise<ApiKeyRecord[]> {
    return copy(
      this.db.apiKeys.rows
        .filter((k) => k.account_id === accountId)
        .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)),
    );
  }

  async get(accountId: string, keyId: string): Promise<ApiKeyRecord | undefined> {
    return copy(this.db.apiKeys.rows.find((k) => k.account_id === accountId && k.id === keyId));
  }

  async findByTokenHash(tokenHash: Buffer): Promise<(ApiKeyRecord & { plan: PlanId }) | undefined> {
    const key = this.db.apiKeys.rows.find((k) => sameHash(k.token_hash, tokenHash));
    const account = key && this.db.accounts.rows.find((a) => a.id === key.account_id);
    return key && account ? { ...copy(key), plan: account.plan } : undefined;
  }

  async revoke(accountId: string, keyId: string, now: Date): Promise<boolean> {
    const key = this.db.apiKeys.rows.find((k) => k.account_id === accountId && k.id === keyId && k.revoked_at === null);
    if (!key) return false;
    key.revoked_at = new Date(now);
    return true;
  }

  async touch(keyId: string, now: Date): Promise<void> {
    const key = this.db.apiKeys.rows.find((k) => k.id === keyId);
    // As the Postgres store: only when never used or last used at least a minute before.
    if (key && (!key.last_used_at || key.last_used_at.getTime() <= now.getTime() - KEY_TOUCH_EVERY_MS)) {
      key.last_used_at = new Date(now);
    }
  }
}

/**
 * A password hash in the production format (`scrypt$N$r$p$salt$hash`) at the lowest cost, so
 * that tests can store users who log in without paying for the real cost; verifyPassword reads
 * the cost from the hash.
 */
export function quickPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 16, r: 1, p: 1 });
  return ['scrypt', 16, 1, 1, salt.toString('base64'), key.toString('base64')].join('$');
}
