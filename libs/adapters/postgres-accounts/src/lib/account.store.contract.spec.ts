import { describeAccountStoreContract, openTestSql } from '@intake/testing';
import { PostgresAccountStore } from './account.store';

describeAccountStoreContract('PostgreSQL', async () => {
  const db = await openTestSql();
  return { accounts: new PostgresAccountStore(db.sql), uow: db.uow, teardown: () => db.close() };
});
