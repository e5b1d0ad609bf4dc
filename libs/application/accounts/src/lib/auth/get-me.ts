import { type Principal } from '@intake/domain-accounts';
import { DomainError, notFound } from '@intake/errors';
import { type AccountRecord, AccountStore, type UserRecord } from '../ports/account-store.port';

/** GET /v1/auth/me: the signed-in user and their account; 401 when the user no longer exists. */
export class GetMe {
  static readonly inject = [AccountStore] as const;

  constructor(private readonly accounts: AccountStore) {}

  async execute(principal: Principal & { kind: 'session' }): Promise<{ user: UserRecord; account: AccountRecord }> {
    const [account, user] = await Promise.all([
      this.accounts.getAccount(principal.accountId),
      this.accounts.getUser(principal.accountId, principal.userId),
    ]);
    if (!user) throw new DomainError('unauthorized', 'The user no longer exists.');
    if (!account) throw notFound('Account');
    return { user, account };
  }
}
