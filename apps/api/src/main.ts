import 'reflect-metadata';
import { loadConfigOrExit } from '@intake/config';
import { startHttpApp } from '@intake/http';
import { ApiModule } from './app/api.module';
import { openApiInfo } from './app/openapi-info';

async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env, 'api');
  await startHttpApp(ApiModule.forRoot(config), {
    app: 'api',
    host: config.host,
    port: config.port,
    logLevel: config.logLevel,
    bodyLimitBytes: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    openApi: openApiInfo(config),
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`api: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
