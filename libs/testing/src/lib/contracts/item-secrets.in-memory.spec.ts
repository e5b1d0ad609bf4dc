import { InMemoryAccountStore, InMemoryDatabase, InMemoryIntakeStore, InMemoryItemSecrets } from '../in-memory';
import { sampleAccount } from './account-records';
import { describeItemSecretsContract } from './item-secrets.contract';

describeItemSecretsContract('in memory', async () => {
  const db = new InMemoryDatabase();
  const accounts = new InMemoryAccountStore(db);
  return {
    intakes: new InMemoryIntakeStore(db),
    secrets: new InMemoryItemSecrets(db),
    createAccount: async () => {
      const account = sampleAccount();
      await accounts.createAccount(account);
      return account.id;
    },
    teardown: async () => undefined,
  };
});
