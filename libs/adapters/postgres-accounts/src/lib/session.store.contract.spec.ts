import { describeSessionStoreContract, openTestSql } from '@intake/testing';
import { PostgresAccountStore } from './account.store';
import { PostgresSessionStore } from './session.store';

describeSessionStoreContract('PostgreSQL', async () => {
  const db = await openTestSql();
  return {
    sessions: new PostgresSessionStore(db.sql),
    accounts: new PostgresAccountStore(db.sql),
    uow: db.uow,
    teardown: () => db.close(),
  };
});
