import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, Environment, loadConfig } from '@intake/config';
import { createHttpApp, RegisteredRoute } from '@intake/http';
import { migrateDatabase } from '@intake/postgres';
import {
  clearRedisPrefix,
  createTestDatabase,
  LogCapture,
  TEST_REDIS_URL,
  testRedisPrefix,
  TestDatabase,
} from '@intake/testing';
import { openApiInfo } from '../src/app/openapi-info';

export interface TestEnvironment {
  db: TestDatabase;
  redisPrefix: string;
  dir: string;
  /** The environment a test app is configured from; tests override entries. */
  env: Environment;
  dispose(): Promise<void>;
}

/** One database, Redis prefix and scratch directory for a whole test file. */
export async function createTestEnvironment(): Promise<TestEnvironment> {
  const db = await createTestDatabase((url) => migrateDatabase({ url, poolSize: 2 }));
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

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  logs: LogCapture;
  routes: RegisteredRoute[];
  close(): Promise<void>;
}

/** Builds an app (the api module by default, or a module wrapping it) through the real bootstrap. */
export async function startTestApp(
  env: Environment,
  rootModule: (config: AppConfig) => unknown,
  app = 'api',
): Promise<TestApp> {
  const config = loadConfig(env);
  const logs = new LogCapture();
  const started = await createHttpApp(rootModule(config), {
    app,
    logLevel: config.logLevel,
    bodyLimitBytes: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    openApi: app === 'api' ? openApiInfo(config) : undefined,
    logDestination: logs,
  });
  return {
    app: started.app,
    config,
    logs,
    routes: started.routes,
    close: () => started.app.close(),
  };
}
