import { describeAccountStoreContract, describePostgresContract } from '@intake/testing';
import { PostgresAccountStore } from './postgres.account-store';

describePostgresContract((database) =>
  describeAccountStoreContract('PostgreSQL', async () => {
    const db = await database.connect();
    return { accounts: new PostgresAccountStore(db.sql), uow: db.uow, teardown: () => db.close() };
  }),
);
