import { DataSource } from 'typeorm';
import { dataSourceOptions, PostgresUnitOfWork, Sql } from '@intake/postgres';
import { migrateTestDatabase } from '../app-harness';
import { createTestDatabase } from '../test-database';

/** What the Postgres stores are built on, over a fresh migrated database of one test file. */
export interface TestSql {
  /** The database's connection URL (for a connection of a test's own). */
  url: string;
  sql: Sql;
  uow: PostgresUnitOfWork;
  close(): Promise<void>;
}

/** A fresh migrated database with the `Sql` and unit of work of the Postgres adapter; `close()` drops it. */
export async function openTestSql(): Promise<TestSql> {
  const db = await createTestDatabase(migrateTestDatabase);
  const dataSource = await new DataSource(dataSourceOptions({ url: db.url, poolSize: 4 })).initialize();
  return {
    url: db.url,
    sql: new Sql(dataSource),
    uow: new PostgresUnitOfWork(dataSource),
    close: async () => {
      await dataSource.destroy();
      await db.drop();
    },
  };
}
