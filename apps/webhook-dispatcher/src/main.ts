import 'reflect-metadata';
import { loadConfigOrExit } from '@intake/config';
import { startHttpApp } from '@intake/http';
import { DispatcherModule } from './app/dispatcher.module';

async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env, 'webhook-dispatcher');
  await startHttpApp(DispatcherModule.forRoot(config), {
    app: 'webhook-dispatcher',
    host: config.host,
    port: config.dispatcherPort,
    logLevel: config.logLevel,
    bodyLimitBytes: 16 * 1024,
    trustProxy: false,
  });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `webhook-dispatcher: failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
