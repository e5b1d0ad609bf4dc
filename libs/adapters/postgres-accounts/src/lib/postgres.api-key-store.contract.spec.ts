import { describeApiKeyStoreContract, describePostgresContract } from '@intake/testing';
import { PostgresAccountStore } from './postgres.account-store';
import { PostgresApiKeyStore } from './postgres.api-key-store';

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
