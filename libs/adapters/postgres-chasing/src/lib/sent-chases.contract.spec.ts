import {
  createTestDatabase,
  describeSentChasesContract,
  migrateTestDatabase,
  postgresIntakeStores,
  type TestDatabase,
} from '@intake/testing';
import { PostgresChaseQueue } from './chase-queue';
import { PostgresSentChases } from './sent-chases';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase(migrateTestDatabase);
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

describeSentChasesContract('PostgreSQL', async () => {
  const stores = await postgresIntakeStores(db.url);
  return { ...stores, queue: new PostgresChaseQueue(stores.sql), sent: new PostgresSentChases(stores.sql) };
});
