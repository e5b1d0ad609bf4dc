import { DataSource } from 'typeorm';
import { dataSourceOptions, Sql } from '@intake/postgres';
import {
  createTestDatabase,
  describeChaseQueueContract,
  migrateTestDatabase,
  postgresIntakeStores,
  type TestDatabase,
} from '@intake/testing';
import { PostgresChaseQueue } from './chase-queue';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase(migrateTestDatabase);
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

describeChaseQueueContract('PostgreSQL', async () => {
  const stores = await postgresIntakeStores(db.url);
  // A pool of its own for the second queue: it claims on other connections, as a second scheduler does.
  const other = await new DataSource(dataSourceOptions({ url: db.url, poolSize: 2 })).initialize();
  return {
    ...stores,
    queue: new PostgresChaseQueue(stores.sql),
    otherQueue: new PostgresChaseQueue(new Sql(other)),
    teardown: async () => {
      await other.destroy();
      await stores.teardown();
    },
  };
});
