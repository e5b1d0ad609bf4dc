import { existsSync } from 'node:fs';
import { Client } from 'pg';
import { randomToken } from '@intake/ids';

/** Brings a fresh database to the current schema (the Postgres adapter's migrator). */
export type Migrate = (url: string) => Promise<unknown>;

export interface TestDatabase {
  /** Connection URL of a fresh, migrated database that belongs to one test file. */
  url: string;
  name: string;
  /** Where it came from: a container, or a database created on DATABASE_URL. */
  source: 'container' | 'local';
  drop(): Promise<void>;
}

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

function assertTestName(name: string): void {
  // Never touch a database that is not obviously a throw-away test database.
  if (!/^test_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to use database "${name}": not a test database`);
}

/** A Docker engine can only answer if one of its sockets exists; checking that costs nothing. */
function dockerEngineMayAnswer(): boolean {
  return Boolean(process.env['DOCKER_HOST']) || existsSync('/var/run/docker.sock');
}

async function tryContainer(migrate: Migrate): Promise<TestDatabase | undefined> {
  if (process.env['TEST_DB'] === 'local' || !dockerEngineMayAnswer()) return undefined;
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const { Wait } = await import('testcontainers');
    const name = `test_${randomToken(12)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`;
    const container = await new PostgreSqlContainer(process.env['TEST_PG_IMAGE'] ?? 'postgres:15-alpine')
      .withDatabase(name)
      // Podman 4.3 runs no health checks without systemd: wait for the port and the server's own
      // line instead of the image's HEALTHCHECK (Docker answers the same way).
      .withWaitStrategy(
        Wait.forAll([Wait.forListeningPorts(), Wait.forLogMessage(/database system is ready to accept connections/)]),
      )
      .start();
    const url = container.getConnectionUri();
    await migrate(url);
    return {
      url,
      name,
      source: 'container',
      drop: async () => void (await container.stop()),
    };
  } catch (error) {
    if (process.env['TEST_DB'] === 'container') throw error;
    return undefined; // no working engine: fall back to the local server
  }
}

async function localDatabase(migrate: Migrate): Promise<TestDatabase> {
  const adminUrl = new URL(process.env['DATABASE_URL'] || DEFAULT_ADMIN_URL);
  const name = `test_${randomToken(12)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  assertTestName(name);
  const adminDatabaseUrl = new URL(adminUrl);
  adminDatabaseUrl.pathname = '/postgres';
  const admin = new Client({ connectionString: adminDatabaseUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  return {
    url: url.toString(),
    name,
    source: 'local',
    drop: async () => {
      assertTestName(name);
      const client = new Client({
        connectionString: adminDatabaseUrl.toString(),
      });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A fresh database for one test file: a PostgreSQL container when a Docker engine answers
 * (`TEST_DB=container` insists on it), otherwise a uniquely named database created on
 * DATABASE_URL's server. Either way `migrate` brings it to the current schema; `drop()` removes it.
 */
export async function createTestDatabase(migrate: Migrate): Promise<TestDatabase> {
  return (await tryContainer(migrate)) ?? (await localDatabase(migrate));
}
