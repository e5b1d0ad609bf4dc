import { InMemoryAccountStore, InMemoryDatabase, InMemorySessionStore } from '../in-memory';
import { describeSessionStoreContract } from './session-store.contract';

describeSessionStoreContract('in memory', async () => {
  const db = new InMemoryDatabase();
  return {
    sessions: new InMemorySessionStore(db),
    accounts: new InMemoryAccountStore(db),
    uow: db.uow,
    teardown: async () => undefined,
  };
});
