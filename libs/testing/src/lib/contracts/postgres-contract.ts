import { DataSource } from 'typeorm';
import { dataSourceOptions, PostgresUnitOfWork, Sql } from '@intake/postgres';
import { migrateTestDatabase } from '../app-harness';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { type IntakeStoresFixture } from './intake-stores.fixture';
import { postgresIntakeStores } from './postgres-intake-stores';

/** What the Postgres stores are built on: a pool of its own over the contract's database. */
export interface TestSql {
  /** The database's connection URL (for a connection of a test's own). */
  url: string;
  sql: Sql;
  uow: PostgresUnitOfWork;
  /** Ends the pool; the database itself is dropped after the suites. */
  close(): Promise<void>;
}

/** The database PostgreSQL contract suites run on; read it inside their set-up, not while registering them. */
export interface PostgresContractDatabase {
  /** Its connection URL. */
  readonly url: string;
  /** The `Sql` and unit of work of the Postgres adapter over a pool of its own. */
  connect(): Promise<TestSql>;
  /** The intakes context's stores as IntakesPersistenceModule binds them (postgresIntakeStores). */
  intakeStores(): Promise<IntakeStoresFixture & { sql: Sql }>;
}

/**
 * Runs contract suites against PostgreSQL: `suites` registers them, given one fresh database they share,
 * migrated to the current schema before the first test of the enclosing block and dropped after its last.
 * Each call has a database of its own (call it once per suite where a suite must not see another's rows).
 */
export function describePostgresContract(suites: (db: PostgresContractDatabase) => void): void {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await createTestDatabase(migrateTestDatabase);
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);
  const url = (): string => {
    if (!db) throw new Error('the contract database exists only once the suites run: read it in their set-up');
    return db.url;
  };
  suites({
    get url() {
      return url();
    },
    connect: async () => {
      const dataSource = await new DataSource(dataSourceOptions({ url: url(), poolSize: 4 })).initialize();
      return {
        url: url(),
        sql: new Sql(dataSource),
        uow: new PostgresUnitOfWork(dataSource),
        close: () => dataSource.destroy(),
      };
    },
    intakeStores: () => postgresIntakeStores(url()),
  });
}
