import { AccountStore, type UserRecord } from '../ports/account-store.port';

/** GET /v1/team/members: the account's users, oldest first. */
export class ListMembers {
  static readonly inject = [AccountStore] as const;

  constructor(private readonly accounts: AccountStore) {}

  execute(accountId: string): Promise<UserRecord[]> {
    return this.accounts.listUsers(accountId);
  }
}
