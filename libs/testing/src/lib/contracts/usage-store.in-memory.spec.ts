import { InMemoryAccountStore, InMemoryDatabase, InMemoryUsageStore } from '../in-memory';
import { describeUsageStoreContract } from './usage-store.contract';

describeUsageStoreContract('in memory', async () => {
  const db = new InMemoryDatabase();
  return {
    usage: new InMemoryUsageStore(db),
    accounts: new InMemoryAccountStore(db),
    uow: db.uow,
    record: async (accountId, period, counts) => void Object.assign(db.usageOf(accountId, period), counts),
    grantCredits: async (accountId, credits) => {
      db.creditsOf(accountId).balance += credits;
    },
    teardown: async () => undefined,
  };
});
