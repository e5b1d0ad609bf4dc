import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type AppConfig, type Environment, loadConfig } from '@intake/config';
import { migrateDatabase } from '@intake/postgres';
import { createHttpApp, OpenApiDocumentHolder, type OpenApiInfo, type RegisteredRoute } from '@intake/http';
import { ErrorLedger } from './error-ledger';
import { LogCapture } from './log-capture';
import { createTestDatabase, type Migrate, type TestDatabase } from './test-database';
import { clearRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from './test-redis';

export interface TestEnvironment {
  db: TestDatabase;
  redisPrefix: string;
  dir: string;
  /** The environment a test app is configured from; tests override entries. */
  env: Environment;
  dispose(): Promise<void>;
}

/** One database, Redis prefix and scratch directory for a whole test file. */
export async function createTestEnvironment(migrate: Migrate): Promise<TestEnvironment> {
  const db = await createTestDatabase(migrate);
  const redisPrefix = testRedisPrefix();
  const dir = await mkdtemp(join(tmpdir(), 'intake-test-'));
  return {
    db,
    redisPrefix,
    dir,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: db.url,
      DB_MIGRATE_ON_START: 'false',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      STORAGE_DIR: join(dir, 'storage'),
      MAIL_OUTBOX_DIR: join(dir, 'mail'),
      PUBLIC_BASE_URL: 'http://127.0.0.1:3000',
    },
    dispose: async () => {
      await clearRedisPrefix(redisPrefix);
      await db.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Our schema on a test database: every migration, through a small pool. */
export const migrateTestDatabase: Migrate = (url: string) => migrateDatabase({ url, poolSize: 2 });

/**
 * A test file's environment (database, Redis prefix, scratch directory), created in a `beforeAll`
 * and disposed in an `afterAll`; read `environment` inside tests and hooks.
 */
export function useTestEnvironment(migrate: Migrate = migrateTestDatabase): { environment: TestEnvironment } {
  const holder = {} as { environment: TestEnvironment };
  beforeAll(async () => {
    holder.environment = await createTestEnvironment(migrate);
  }, 60_000);
  afterAll(async () => {
    await holder.environment?.dispose();
  }, 60_000);
  return holder;
}

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  logs: LogCapture;
  routes: RegisteredRoute[];
  /** Closes the app, then fails if it answered an error its OpenAPI document does not list. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  app?: string;
  openApi?: (config: AppConfig) => OpenApiInfo;
}

/** Builds an app's root module through the same bootstrap as `main.ts`, without listening. */
export async function startTestApp(
  env: Environment,
  rootModule: (config: AppConfig) => unknown,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config = loadConfig(env);
  const logs = new LogCapture();
  const errors = new ErrorLedger();
  const started = await createHttpApp(rootModule(config), {
    app: options.app ?? 'test',
    logLevel: config.logLevel,
    bodyLimitBytes: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    https: config.https,
    eventLoopBlockWarnMs: config.eventLoopBlockWarnMs,
    openApi: options.openApi?.(config),
    logDestination: logs,
    observeError: errors.record,
  });
  const document = options.openApi ? started.app.get(OpenApiDocumentHolder, { strict: false }).get() : undefined;
  return {
    app: started.app,
    config,
    logs,
    routes: started.routes,
    close: async () => {
      await started.app.close();
      const problems = errors.problems(document as Parameters<ErrorLedger['problems']>[0]);
      if (problems.length > 0) {
        throw new Error(`The app answered errors its OpenAPI document does not list:\n${problems.join('\n')}`);
      }
    },
  };
}
