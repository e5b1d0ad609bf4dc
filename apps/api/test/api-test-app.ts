import { Client } from 'pg';
import { type AppConfig, type Environment } from '@intake/config';
import { type PlanId } from '@intake/domain-accounts';
import {
  createTestEnvironment,
  migrateTestDatabase,
  startTestApp,
  type TestApp,
  type TestEnvironment,
} from '@intake/testing';
import { ApiModule } from '../src/app/api.module';
import { openApiInfo } from '../src/app/openapi-info';
import { AccountsClient, type Session } from './accounts-client';

export const apiTestEnvironment = (): Promise<TestEnvironment> => createTestEnvironment(migrateTestDatabase);

/** The api as `main.ts` builds it (or a module wrapping it), for inject()-based tests. */
export const startApi = (
  env: Environment,
  rootModule: (config: AppConfig) => unknown = (config) => ApiModule.forRoot(config),
): Promise<TestApp> => startTestApp(env, rootModule, { app: 'api', openApi: openApiInfo });

/** An account's owner with a session and an admin API key of each mode. */
export interface Owner {
  email: string;
  accountId: string;
  userId: string;
  session: Session;
  /** A live admin key. */
  key: string;
  /** A test admin key, when asked for. */
  testKey: string | undefined;
}

/** The api of one test file, with its database and a client; filled in before the file's tests run. */
export interface Api {
  environment: TestEnvironment;
  t: TestApp;
  client: AccountsClient;
  /** A connection to the file's own database, for arranging what no endpoint can. */
  db: Client;
  /** Signs a new owner up (on `plan`, free by default) and makes a live admin key (and a test one). */
  owner(options?: { plan?: PlanId; testKey?: boolean }): Promise<Owner>;
}

export interface UseApiOptions {
  /** Wraps the api's root module (tests that add probes or routes). */
  rootModule?: (config: AppConfig) => unknown;
  /** Turns the environment into the one the api starts with (proxies in front of the database…). */
  prepare?: (environment: TestEnvironment) => Promise<Environment> | Environment;
}

/** Creating a database and starting the api take seconds on a busy machine, not Jest's default 5. */
const HOOK_TIMEOUT_MS = 60_000;

/**
 * One api per test file, on its own freshly migrated database and Redis prefix: started in a
 * `beforeAll`, closed (which fails the file if it answered an undocumented error) and disposed in
 * an `afterAll`. `overrides` are environment variables on top of the test environment's.
 */
export function useApi(overrides: Environment = {}, options: UseApiOptions = {}): Api {
  const api = { owner: (ownerOptions = {}) => newOwner(api, ownerOptions) } as Api;
  beforeAll(async () => {
    api.environment = await apiTestEnvironment();
    const env = options.prepare ? await options.prepare(api.environment) : api.environment.env;
    api.t = await startApi({ ...env, ...overrides }, options.rootModule);
    api.client = new AccountsClient(api.t.app);
    api.db = new Client({ connectionString: api.environment.db.url });
    await api.db.connect();
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await api.db?.end();
    await api.t?.close();
    await api.environment?.dispose();
  }, HOOK_TIMEOUT_MS);
  return api;
}

async function newOwner(api: Api, { plan, testKey }: { plan?: PlanId; testKey?: boolean }): Promise<Owner> {
  const owner = await api.client.owner();
  if (plan) await api.db.query(`UPDATE accounts SET plan = $2 WHERE id = $1`, [owner.accountId, plan]);
  const live = await api.client.createKey(owner.session, ['admin']);
  const test = testKey ? await api.client.createKey(owner.session, ['admin'], 'test') : undefined;
  return { ...owner, key: live.key, testKey: test?.key };
}
