import { describePostgresContract, describeSessionStoreContract } from '@intake/testing';
import { PostgresAccountStore } from './postgres.account-store';
import { PostgresSessionStore } from './postgres.session-store';

describePostgresContract((database) =>
  describeSessionStoreContract('PostgreSQL', async () => {
    const db = await database.connect();
    return {
      sessions: new PostgresSessionStore(db.sql),
      accounts: new PostgresAccountStore(db.sql),
      uow: db.uow,
      teardown: () => db.close(),
    };
  }),
);
