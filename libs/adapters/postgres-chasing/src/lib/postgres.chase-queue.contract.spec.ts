import { describePostgresContract, describeChaseQueueContract } from '@intake/testing';
import { PostgresChaseQueue } from './postgres.chase-queue';

describePostgresContract((db) =>
  describeChaseQueueContract('PostgreSQL', async () => {
    const stores = await db.intakeStores();
    // A pool of its own for the second queue: it claims on other connections, as a second scheduler does.
    const other = await db.connect();
    return {
      ...stores,
      queue: new PostgresChaseQueue(stores.sql),
      otherQueue: new PostgresChaseQueue(other.sql),
      teardown: async () => {
        await other.close();
        await stores.teardown();
      },
    };
  }),
);
