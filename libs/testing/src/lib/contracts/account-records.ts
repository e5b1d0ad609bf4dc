import {
  type AccountRecord,
  type AccountStore,
  DEFAULT_NOTIFICATION_SETTINGS,
  type ApiKeyRecord,
  type InvitationRecord,
  type UserRecord,
} from '@intake/application-accounts';
import { newId, randomToken } from '@intake/ids';
import { type UnitOfWork } from '@intake/kernel';

const AT = new Date('2026-05-01T10:00:00.000Z');

/** Records of the accounts context for contract tests: unique ids, e-mails and token hashes. */
export function sampleAccount(overrides: Partial<AccountRecord> = {}): AccountRecord {
  return {
    id: newId('account'),
    name: 'Studio',
    plan: 'free',
    default_language: 'en',
    default_timezone: 'Europe/Prague',
    sender_name: null,
    branding: null,
    ...DEFAULT_NOTIFICATION_SETTINGS,
    storage_bytes_used: 0,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

export function sampleUser(accountId: string, overrides: Partial<UserRecord> = {}): UserRecord {
  const id = newId('user');
  return {
    id,
    account_id: accountId,
    email: `${id.toLowerCase()}@example.com`,
    name: 'Jana',
    role: 'member',
    password_hash: 'scrypt$16$1$1$c2FsdA==$aGFzaA==',
    created_at: AT,
    ...overrides,
  };
}

export const sampleTokenHash = (): Buffer => Buffer.from(randomToken(32), 'base64url');

export function sampleInvitation(accountId: string, overrides: Partial<InvitationRecord> = {}): InvitationRecord {
  const id = newId('invitation');
  return {
    id,
    account_id: accountId,
    email: `${id.toLowerCase()}@example.com`,
    name: 'Petr',
    token_hash: sampleTokenHash(),
    invited_by: 'usr_owner',
    created_at: AT,
    expires_at: new Date(AT.getTime() + 7 * 24 * 3600 * 1000),
    accepted_at: null,
    ...overrides,
  };
}

export function sampleApiKey(accountId: string, overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id: newId('apiKey'),
    account_id: accountId,
    name: 'CI',
    mode: 'live',
    scopes: ['intakes:read', 'intakes:write'],
    token_hash: sampleTokenHash(),
    prefix: 'svc_live_',
    last4: 'wxyz',
    created_by_user_id: 'usr_owner',
    created_at: AT,
    last_used_at: null,
    revoked_at: null,
    ...overrides,
  };
}

/**
 * Stores a user through an AccountStore, in a unit of work as its callers do (the Postgres store
 * takes a savepoint, which exists only inside a transaction).
 */
export async function storeUser(accounts: AccountStore, uow: UnitOfWork, user: UserRecord): Promise<boolean> {
  return uow.run(() => accounts.createUser(user));
}

/** Stores a fresh account and a user of it through an AccountStore. */
export async function storeAccountWithUser(
  accounts: AccountStore,
  uow: UnitOfWork,
  overrides: Partial<AccountRecord> = {},
): Promise<{ account: AccountRecord; user: UserRecord }> {
  const account = sampleAccount(overrides);
  await accounts.createAccount(account);
  const user = sampleUser(account.id);
  if (!(await storeUser(accounts, uow, user))) throw new Error('sample user refused');
  return { account, user };
}
