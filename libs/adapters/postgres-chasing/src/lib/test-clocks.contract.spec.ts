import { PostgresTestClockAdvances, PostgresTestClockStore } from '@intake/postgres-intakes';
import {
  createTestDatabase,
  describeTestClocksContract,
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

// Here rather than with the intakes' stores: the contract also runs the chase queue's claims per time line.
describeTestClocksContract('PostgreSQL', async () => {
  const fixture = await postgresIntakeStores(db.url);
  return {
    ...fixture,
    clocks: new PostgresTestClockStore(fixture.sql),
    advances: new PostgresTestClockAdvances(fixture.sql),
    queue: new PostgresChaseQueue(fixture.sql),
  };
});
