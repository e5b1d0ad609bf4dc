import { describeBillingStoreContract, describePostgresContract } from '@intake/testing';
import { PostgresAccountStore } from './postgres.account-store';
import { PostgresBillingStore } from './postgres.billing-store';

describePostgresContract((database) =>
  describeBillingStoreContract('PostgreSQL', async () => {
    const db = await database.connect();
    return {
      billing: new PostgresBillingStore(db.sql),
      accounts: new PostgresAccountStore(db.sql),
      uow: db.uow,
      teardown: () => db.close(),
    };
  }),
);
