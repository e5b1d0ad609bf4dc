import 'reflect-metadata';
import { loadConfigOrExit } from '@intake/config';
import { startHttpApp } from '@intake/http';
import { SchedulerModule } from './app/scheduler.module';

async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env, 'scheduler');
  await startHttpApp(SchedulerModule.forRoot(config), {
    app: 'scheduler',
    host: config.host,
    port: config.schedulerPort,
    logLevel: config.logLevel,
    bodyLimitBytes: 16 * 1024,
    trustProxy: false,
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`scheduler: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
