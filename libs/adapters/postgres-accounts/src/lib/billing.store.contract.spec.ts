import { describeBillingStoreContract, openTestSql } from '@intake/testing';
import { PostgresAccountStore } from './account.store';
import { PostgresBillingStore } from './billing.store';

describeBillingStoreContract('PostgreSQL', async () => {
  const db = await openTestSql();
  return {
    billing: new PostgresBillingStore(db.sql),
    accounts: new PostgresAccountStore(db.sql),
    uow: db.uow,
    teardown: () => db.close(),
  };
});
