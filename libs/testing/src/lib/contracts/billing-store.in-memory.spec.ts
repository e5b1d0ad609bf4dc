import { InMemoryAccountStore, InMemoryBillingStore, InMemoryDatabase } from '../in-memory';
import { describeBillingStoreContract } from './billing-store.contract';

describeBillingStoreContract('in memory', async () => {
  const db = new InMemoryDatabase();
  return {
    billing: new InMemoryBillingStore(db),
    accounts: new InMemoryAccountStore(db),
    uow: db.uow,
    teardown: async () => undefined,
  };
});
