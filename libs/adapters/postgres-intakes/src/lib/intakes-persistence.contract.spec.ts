import { DataSource } from 'typeorm';
import { dataSourceOptions, PostgresUnitOfWork, Sql } from '@intake/postgres';
import {
  createTestDatabase,
  describeClientDirectoryContract,
  describeFolderStoreContract,
  describeIdempotencyStoreContract,
  describeIntakeStoreContract,
  describeReminderPlannerContract,
  describeTemplateStoreContract,
  type IntakeStoresFixture,
  migrateTestDatabase,
  T0,
  type TestDatabase,
} from '@intake/testing';
import { newId } from '@intake/ids';
import { PostgresFolderStore } from './folder.store';
import { PostgresIdempotencyStore, PostgresIntakeStore } from './intake.store';
import { CancellingReminderPlanner, PostgresClientDirectory } from './settings.store';
import { PostgresTemplateStore } from './template.store';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase(migrateTestDatabase);
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

/** Waits (polling the server, at most two seconds) until a session of the test database waits for a lock. */
async function waitForLockWaiter(dataSource: DataSource): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const [row] = (await dataSource.query(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )) as Array<{ waiting: number }>;
    if ((row?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no unit of work is waiting for a lock');
}

/** The stores as IntakesPersistenceModule binds them, over the test file's database. */
async function postgresIntakeStores(): Promise<IntakeStoresFixture> {
  const dataSource = await new DataSource(dataSourceOptions({ url: db.url, poolSize: 4 })).initialize();
  const sql = new Sql(dataSource);
  return {
    intakes: new PostgresIntakeStore(sql),
    idempotency: new PostgresIdempotencyStore(sql),
    folders: new PostgresFolderStore(sql),
    templates: new PostgresTemplateStore(sql),
    clients: new PostgresClientDirectory(sql),
    planner: new CancellingReminderPlanner(sql),
    uow: new PostgresUnitOfWork(dataSource),
    createAccount: async () => {
      const id = newId('account');
      await sql.query(`INSERT INTO accounts (id, name, created_at, updated_at) VALUES ($1, 'Studio', $2, $2)`, [
        id,
        T0,
      ]);
      return id;
    },
    waitForLockWaiter: () => waitForLockWaiter(dataSource),
    teardown: () => dataSource.destroy(),
  };
}

describeIntakeStoreContract('PostgreSQL', postgresIntakeStores);
describeIdempotencyStoreContract('PostgreSQL', postgresIntakeStores);
describeFolderStoreContract('PostgreSQL', postgresIntakeStores);
describeTemplateStoreContract('PostgreSQL', postgresIntakeStores);
describeClientDirectoryContract('PostgreSQL', postgresIntakeStores);
describeReminderPlannerContract('PostgreSQL', postgresIntakeStores);
