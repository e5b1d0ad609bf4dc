import { PostgresTestClockAdvances, PostgresTestClockStore } from '@intake/postgres-intakes';
import { describePostgresContract, describeTestClocksContract } from '@intake/testing';
import { PostgresChaseQueue } from './postgres.chase-queue';

// Here rather than with the intakes' stores: the contract also runs the chase queue's claims per time line.
describePostgresContract((db) =>
  describeTestClocksContract('PostgreSQL', async () => {
    const fixture = await db.intakeStores();
    return {
      ...fixture,
      clocks: new PostgresTestClockStore(fixture.sql),
      advances: new PostgresTestClockAdvances(fixture.sql),
      queue: new PostgresChaseQueue(fixture.sql),
    };
  }),
);
