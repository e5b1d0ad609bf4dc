import { InMemoryAccountStore } from '../in-memory/account-stores';
import { InMemoryDatabase } from '../in-memory/database';
import { InMemoryFileStore } from '../in-memory/file-store';
import { InMemoryIntakeStore } from '../in-memory/intake-stores';
import { describeFileStoreContract } from './file-store.contract';

describeFileStoreContract('in memory', async () => ({
  empty: async () => {
    const db = new InMemoryDatabase();
    return {
      files: new InMemoryFileStore(db),
      accounts: new InMemoryAccountStore(db),
      intakes: new InMemoryIntakeStore(db),
      uow: db.uow,
    };
  },
  teardown: async () => undefined,
}));
