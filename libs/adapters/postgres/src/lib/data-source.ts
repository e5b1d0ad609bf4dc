import { DataSource, type DataSourceOptions } from 'typeorm';
import { type SecretBox } from '@intake/kernel';
import { MIGRATIONS } from './migrations';
import { lendSecretBox } from './migrations/migration-secrets';

export interface PostgresSettings {
  url: string;
  poolSize: number;
  /** Application name shown in pg_stat_activity. */
  applicationName?: string;
  /**
   * The deployment's SecretBox (SECRETS_KEY), for the migrations that seal values already stored
   * (1795001600000): they stop with an explanation when there is something to seal and no box.
   */
  secretBox?: SecretBox;
}

/** Entities are registered here as the contexts add them. */
export const ENTITIES: DataSourceOptions['entities'] = [];

export type PostgresOptions = Extract<DataSourceOptions, { type: 'postgres' }>;

export function dataSourceOptions(settings: PostgresSettings): PostgresOptions {
  return {
    type: 'postgres',
    url: settings.url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    // Schema changes happen through reviewed migrations only.
    synchronize: false,
    migrationsRun: false,
    logging: false,
    applicationName: settings.applicationName ?? 'intake',
    extra: {
      max: settings.poolSize,
      connectionTimeoutMillis: 3_000,
      idleTimeoutMillis: 30_000,
      // A statement that runs this long is a bug or an outage, never normal work.
      statement_timeout: 30_000,
    },
  };
}

/** Arbitrary but fixed key of the advisory lock that serialises concurrent migrators. */
const MIGRATION_LOCK_KEY = 7_340_233_101;

/**
 * Runs pending migrations, each in its own transaction, while holding a Postgres advisory lock so
 * that two processes starting together never run the same migration twice.
 * Returns the names of the migrations that were applied.
 */
export async function runMigrations(dataSource: DataSource, secretBox?: SecretBox): Promise<string[]> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  lendSecretBox(dataSource, secretBox);
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    lendSecretBox(dataSource, undefined);
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.release();
  }
}

/** Opens a short-lived connection, migrates, closes. Used by `npm run db:migrate` and tests. */
export async function migrateDatabase(settings: PostgresSettings): Promise<string[]> {
  const dataSource = new DataSource(
    dataSourceOptions({
      ...settings,
      poolSize: 2,
      applicationName: 'intake-migrate',
    }),
  );
  await dataSource.initialize();
  try {
    return await runMigrations(dataSource, settings.secretBox);
  } finally {
    await dataSource.destroy();
  }
}
