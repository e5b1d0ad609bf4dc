import { type AccountRecord, AccountStore, DEFAULT_NOTIFICATION_SETTINGS } from '@intake/application-accounts';
import { type Principal } from '@intake/domain-accounts';
import { newId } from '@intake/ids';
import { UnitOfWork } from '@intake/kernel';
import { type TestApp } from '@intake/testing';

/** An account (free plan unless said otherwise) and its owner, made through the app's own stores. */
export async function givenOwner(
  t: TestApp,
  account: Partial<AccountRecord> = {},
): Promise<Extract<Principal, { kind: 'session' }>> {
  const now = new Date();
  const accountId = newId('account');
  const userId = newId('user');
  const accounts = t.app.get(AccountStore, { strict: false });
  await accounts.createAccount({
    id: accountId,
    name: 'Studio',
    plan: 'free',
    default_language: 'en',
    default_timezone: 'Europe/Prague',
    sender_name: null,
    branding: null,
    ...DEFAULT_NOTIFICATION_SETTINGS,
    storage_bytes_used: 0,
    created_at: now,
    updated_at: now,
    ...account,
  });
  await t.app.get(UnitOfWork, { strict: false }).run(() =>
    accounts.createUser({
      id: userId,
      account_id: accountId,
      email: `${userId}@example.com`,
      name: 'Owner',
      role: 'owner',
      password_hash: 'x',
      created_at: now,
    }),
  );
  return { kind: 'session', accountId, userId, role: 'owner', sessionId: 's' };
}
