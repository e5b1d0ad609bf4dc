import { Client } from 'pg';
import { MIGRATIONS } from '@intake/postgres';
import { createTestDatabase, type TestDatabase } from '@intake/testing';
import { apiTestEnvironment, startApi } from './api-test-app';

/** The api migrates an empty database as it starts when DB_MIGRATE_ON_START=true, and not otherwise. */
describe('DB_MIGRATE_ON_START', () => {
  const appliedMigrations = async (url: string): Promise<string[]> => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client
        .query<{ name: string }>(`SELECT name FROM schema_migrations ORDER BY id`)
        .catch(() => ({ rows: [] as Array<{ name: string }> }));
      return rows.map((r) => r.name);
    } finally {
      await client.end();
    }
  };

  let empty: TestDatabase;
  const base = apiTestEnvironment();

  beforeEach(async () => {
    empty = await createTestDatabase(async () => undefined); // deliberately not migrated
  });
  afterEach(async () => {
    await empty.drop();
  });
  afterAll(async () => {
    await (await base).dispose();
  });

  it('true: the api applies every migration while starting', async () => {
    const t = await startApi({ ...(await base).env, DATABASE_URL: empty.url, DB_MIGRATE_ON_START: 'true' });
    try {
      expect(await appliedMigrations(empty.url)).toEqual(MIGRATIONS.map((m) => new m().name));
    } finally {
      await t.close();
    }
  });

  it('false: the api leaves the schema alone', async () => {
    const t = await startApi({ ...(await base).env, DATABASE_URL: empty.url, DB_MIGRATE_ON_START: 'false' });
    try {
      expect(await appliedMigrations(empty.url)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
