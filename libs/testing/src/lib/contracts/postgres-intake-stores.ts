import { DataSource } from 'typeorm';
import { newId } from '@intake/ids';
import { dataSourceOptions, PostgresUnitOfWork, Sql } from '@intake/postgres';
import {
  PostgresClientDirectory,
  PostgresFolderStore,
  PostgresIdempotencyStore,
  PostgresIntakeStore,
  PostgresReadModels,
  PostgresTemplateStore,
} from '@intake/postgres-intakes';
import { PostgresChaseStore } from '@intake/postgres-chasing';
import { type IntakeStoresFixture, T0 } from './intake-stores.fixture';

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

/**
 * The intakes context's stores as IntakesPersistenceModule binds them (and the chase store, as
 * ChasingPersistenceModule does), over a test database, with
 * its `Sql` for the adapters of other contexts that share the database (the chase queue).
 */
export async function postgresIntakeStores(url: string): Promise<IntakeStoresFixture & { sql: Sql }> {
  const dataSource = await new DataSource(dataSourceOptions({ url, poolSize: 4 })).initialize();
  const sql = new Sql(dataSource);
  const uow = new PostgresUnitOfWork(dataSource);
  return {
    sql,
    intakes: new PostgresIntakeStore(sql, uow),
    chases: new PostgresChaseStore(sql),
    idempotency: new PostgresIdempotencyStore(sql),
    folders: new PostgresFolderStore(sql),
    templates: new PostgresTemplateStore(sql),
    clients: new PostgresClientDirectory(sql),
    readModels: new PostgresReadModels(dataSource),
    uow,
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
