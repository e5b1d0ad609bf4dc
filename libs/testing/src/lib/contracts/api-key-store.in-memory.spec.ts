import { InMemoryAccountStore, InMemoryApiKeyStore, InMemoryDatabase } from '../in-memory';
import { describeApiKeyStoreContract } from './api-key-store.contract';

describeApiKeyStoreContract('in memory', async () => {
  const db = new InMemoryDatabase();
  return { keys: new InMemoryApiKeyStore(db), accounts: new InMemoryAccountStore(db), teardown: async () => undefined };
});
