/**
 * What the benchmarks' run.ts files share around their measuring: a database of their own, the
 * built api's production environment and the entry point. Only the run.ts files import it (not the
 * measured helpers such as the load generator, which must not load the database driver).
 */
import { join } from 'node:path';
import { Client } from 'pg';
import { migrateDatabase } from '@intake/postgres';
import { ADMIN_URL, databaseUrl } from './common';

const ROOT = join(__dirname, '..', '..');
/** Where a benchmark's api stores files and writes mails unless it says otherwise. */
export const BENCH_STORAGE_DIR = join(ROOT, 'tmp', 'bench-storage');
export const BENCH_MAIL_DIR = join(ROOT, 'tmp', 'bench-mail');

export interface BenchDatabase {
  /** The admin connection that created it (for databases of the rounds copied from it). */
  admin: Client;
  name: string;
  url: string;
  /** Drops the database (unless `keep`) and ends the admin connection. */
  close(keep?: boolean): Promise<void>;
}

/** Drops database `name` on the admin connection's server, whoever is connected to it. */
export async function dropDatabase(admin: Client, name: string): Promise<void> {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** Database `name` as a copy of `template` (a round's own, from the seeded one); its URL. */
export async function copyDatabase(admin: Client, template: string, name: string): Promise<string> {
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  return databaseUrl(ADMIN_URL, name);
}

/** Creates database `name` on ADMIN_URL's server and migrates it to the current schema. */
export async function createBenchDatabase(name: string): Promise<BenchDatabase> {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = databaseUrl(ADMIN_URL, name);
  const close = async (keep = false) => {
    if (!keep) await dropDatabase(admin, name);
    await admin.end();
  };
  try {
    await migrateDatabase({ url, poolSize: 2 });
  } catch (error) {
    await close();
    throw error;
  }
  return { admin, name, url, close };
}

/**
 * The built api's environment in production mode as the benchmarks start it, over database `url`;
 * `env` adds to it or overrides it (pool, Redis prefix, storage, mail).
 */
export function productionApiEnv(url: string, env: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SIGNING_SECRET: 'bench-signing-secret-bench-signing-secret',
    SECRETS_KEY: `bench:${'0123456789abcdef'.repeat(4)}`, // production needs one; a throwaway key
    // Production refuses AV=none; the benchmarks scan nothing (their uploads only queue a scan or are
    // marked clean), so clamd is never contacted.
    AV: 'clamd',
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    DB_MIGRATE_ON_START: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  };
}

/** Runs a benchmark's `main`; a failure is printed and the process exits with 1. */
export function runBenchmark(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
