import { describeApiKeyStoreContract, describePostgresContract } from '@intake/testing';
import { PostgresAccountStore } from './account.store';
import { PostgresApiKeyStore } from './api-key.store';

describePostgresContract((database) =>
  describeApiKeyStoreContract('PostgreSQL', async () => {
    const db = await database.connect();
    return {
      keys: new PostgresApiKeyStore(db.sql),
      accounts: new PostgresAccountStore(db.sql),
      teardown: () => db.close(),
    };
  }),
);
