import { type Plan, planOf } from '@intake/domain-accounts';
import { notFound } from '@intake/errors';
import { type AccountRecord, AccountStore } from '../ports/account-store.port';

/** GET /v1/account: the account's settings and its plan. */
export class GetAccount {
  static readonly inject = [AccountStore] as const;

  constructor(private readonly accounts: AccountStore) {}

  async execute(accountId: string): Promise<{ account: AccountRecord; plan: Plan }> {
    const account = await this.accounts.getAccount(accountId);
    if (!account) throw notFound('Account');
    return { account, plan: planOf(account.plan) };
  }
}
