import { tracing } from './tracing';
import 'reflect-metadata';
import { runHttpApp } from '@intake/http';
import { DispatcherModule } from './app/dispatcher.module';

runHttpApp('webhook-dispatcher', (config) => ({
  rootModule: DispatcherModule.forRoot(config),
  port: config.dispatcherPort,
  afterShutdown: tracing ? [tracing.shutdown] : [],
}));
