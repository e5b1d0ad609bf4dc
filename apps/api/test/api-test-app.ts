import { type AppConfig, type Environment } from '@intake/config';
import { migrateDatabase } from '@intake/postgres';
import { createTestEnvironment, startTestApp, type TestApp, type TestEnvironment } from '@intake/testing';
import { ApiModule } from '../src/app/api.module';
import { openApiInfo } from '../src/app/openapi-info';

export const apiTestEnvironment = (): Promise<TestEnvironment> =>
  createTestEnvironment((url: string) => migrateDatabase({ url, poolSize: 2 }));

/** The api as `main.ts` builds it (or a module wrapping it), for inject()-based tests. */
export const startApi = (
  env: Environment,
  rootModule: (config: AppConfig) => unknown = (config) => ApiModule.forRoot(config),
): Promise<TestApp> => startTestApp(env, rootModule, { app: 'api', openApi: openApiInfo });
