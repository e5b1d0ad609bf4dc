import { type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Clock } from '@intake/kernel';
import type { DestinationStream, Logger } from 'pino';
import { ERROR_TRANSLATORS, type ErrorTranslator } from './error-envelope';
import { createFastifyAdapter, type EdgeHooks, registeredRoutes, type RegisteredRoute } from './fastify';
import { createLogger, PinoNestLogger } from './logger';
import { buildOpenApiDocument, OpenApiDocumentHolder, type OpenApiInfo } from './openapi';
import { createValidationPipe } from './validation';

export interface HttpAppOptions {
  app: string;
  logLevel: string;
  bodyLimitBytes: number;
  trustProxy: boolean;
  /** Build and serve the OpenAPI document. */
  openApi?: OpenApiInfo;
  /** Log destination (tests capture it); stdout by default. */
  logDestination?: DestinationStream;
  /** Told of every error response (the e2e harness checks them against the OpenAPI document). */
  observeError?: EdgeHooks['observeError'];
}

export interface HttpApp {
  app: NestFastifyApplication;
  logger: Logger;
  routes: RegisteredRoute[];
}

function optional<T>(get: () => T): T | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}

/** Creates and initialises (without listening) a Nest app on Fastify with our edge behaviour. */
export async function createHttpApp(rootModule: unknown, options: HttpAppOptions): Promise<HttpApp> {
  const logger = createLogger({
    level: options.logLevel,
    app: options.app,
    destination: options.logDestination,
  });
  // Filled from Nest's container once it exists; the adapter must be created before it.
  const late: { translators: readonly ErrorTranslator[]; clock?: Clock } = { translators: [] };
  const hooks: EdgeHooks = {
    translators: () => late.translators,
    beforeRequest: () => (late.clock ? late.clock.sync() : Promise.resolve()),
    observeError: options.observeError,
  };
  const adapter = createFastifyAdapter(
    { logger, bodyLimitBytes: options.bodyLimitBytes, trustProxy: options.trustProxy },
    hooks,
  );
  const app = await NestFactory.create<NestFastifyApplication>(rootModule as never, adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  await app.init();
  late.translators = app.get<ErrorTranslator[]>(ERROR_TRANSLATORS, { strict: false });
  late.clock = optional(() => app.get(Clock, { strict: false }));
  if (options.openApi)
    app.get(OpenApiDocumentHolder, { strict: false }).set(buildOpenApiDocument(app, options.openApi));
  await app.getHttpAdapter().getInstance().ready();
  return { app, logger, routes: registeredRoutes.get(adapter) ?? [] };
}

/** `main.ts` of each app: create, listen, and log where. */
export async function startHttpApp(
  rootModule: unknown,
  options: HttpAppOptions & { host: string; port: number },
): Promise<INestApplication> {
  const { app, logger } = await createHttpApp(rootModule, options);
  await app.listen(options.port, options.host);
  logger.info(
    { host: options.host, port: options.port },
    `${options.app} listening on http://${options.host}:${options.port}`,
  );
  return app;
}
