import { describeApiKeyStoreContract, openTestSql } from '@intake/testing';
import { PostgresAccountStore } from './account.store';
import { PostgresApiKeyStore } from './api-key.store';

describeApiKeyStoreContract('PostgreSQL', async () => {
  const db = await openTestSql();
  return {
    keys: new PostgresApiKeyStore(db.sql),
    accounts: new PostgresAccountStore(db.sql),
    teardown: () => db.close(),
  };
});
