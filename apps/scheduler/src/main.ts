import { tracing } from './tracing';
import 'reflect-metadata';
import { runHttpApp } from '@intake/http';
import { SchedulerModule } from './app/scheduler.module';

runHttpApp('scheduler', (config) => ({
  rootModule: SchedulerModule.forRoot(config),
  port: config.schedulerPort,
  afterShutdown: tracing ? [tracing.shutdown] : [],
}));
