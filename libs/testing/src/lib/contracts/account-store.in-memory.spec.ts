import { InMemoryAccountStore, InMemoryDatabase } from '../in-memory';
import { describeAccountStoreContract } from './account-store.contract';

describeAccountStoreContract('in memory', async () => {
  const db = new InMemoryDatabase();
  return { accounts: new InMemoryAccountStore(db), uow: db.uow, teardown: async () => undefined };
});
