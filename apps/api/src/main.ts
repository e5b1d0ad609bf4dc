// Before any import that loads WebAssembly: see wasm-engine.ts.
import './wasm-engine';
import { tracing } from './tracing';
import 'reflect-metadata';
import { runHttpApp } from '@intake/http';
import { ApiModule } from './app/api.module';
import { openApiInfo } from './app/openapi-info';

runHttpApp('api', (config) => ({
  rootModule: ApiModule.forRoot(config),
  port: config.port,
  metricsPort: config.metricsPort,
  bodyLimitBytes: config.bodyLimitBytes,
  trustProxy: config.trustProxy,
  openApi: openApiInfo(config),
  afterShutdown: tracing ? [tracing.shutdown] : [],
}));
