import { type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type AppConfig, loadConfigOrExit, type TrustProxy } from '@intake/config';
import { Clock } from '@intake/kernel';
import type { DestinationStream, Logger } from 'pino';
import { ERROR_TRANSLATORS, type ErrorTranslator } from './error-envelope';
import { createFastifyAdapter, type EdgeHooks, registeredRoutes, type RegisteredRoute } from './fastify';
import { createLogger, PinoNestLogger } from './logger';
import { buildOpenApiDocument, OpenApiDocumentHolder, type OpenApiInfo } from './openapi';
import { createValidationPipe } from './validation';
import { DatabaseStats, QueueStats } from '@intake/application-health';
import { listenForMetrics, Metrics } from './metrics';
import { type ShutdownSettings, shutDownOnSignals } from './shutdown';
import { EventLoopWatchdog } from './event-loop-watchdog';

export interface HttpAppOptions {
  app: string;
  logLevel: string;
  bodyLimitBytes: number;
  trustProxy: TrustProxy;
  /** PUBLIC_BASE_URL is https (AppConfig.https): answers carry Strict-Transport-Security. */
  https: boolean;
  /** AppConfig.eventLoopBlockWarnMs: a stall at least this long is logged with the routes in flight. */
  eventLoopBlockWarnMs: number;
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
  const late: { translators: readonly ErrorTranslator[]; clock?: Clock; metrics?: Metrics } = { translators: [] };
  const hooks: EdgeHooks = {
    translators: () => late.translators,
    beforeRequest: () => (late.clock ? late.clock.sync() : Promise.resolve()),
    observeError: options.observeError,
    observeResponse: (method, route, status, seconds) => late.metrics?.observeHttp(method, route, status, seconds),
  };
  const watchdog = new EventLoopWatchdog({
    thresholdMs: options.eventLoopBlockWarnMs,
    onBlock: ({ blockedMs, routes }) => {
      const suspects = routes.length === 0 ? 'no request in flight' : `in flight: ${routes.join(', ')}`;
      logger.warn(
        { event: 'event_loop.blocked', blocked_ms: blockedMs, threshold_ms: options.eventLoopBlockWarnMs, routes },
        `event loop blocked for ${blockedMs} ms (${suspects})`,
      );
      late.metrics?.countEventLoopBlock(routes);
    },
  });
  const adapter = createFastifyAdapter(
    {
      logger,
      bodyLimitBytes: options.bodyLimitBytes,
      trustProxy: options.trustProxy,
      https: options.https,
      watchdog,
    },
    hooks,
  );
  const app = await NestFactory.create<NestFastifyApplication>(rootModule as never, adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  app.useGlobalPipes(createValidationPipe());
  await app.init();
  late.translators = app.get<ErrorTranslator[]>(ERROR_TRANSLATORS, { strict: false });
  late.clock = optional(() => app.get(Clock, { strict: false }));
  late.metrics = optional(() => app.get(Metrics, { strict: false }));
  late.metrics?.bind(options.app, {
    database: optional(() => app.get(DatabaseStats, { strict: false })),
    queues: optional(() => app.get(QueueStats, { strict: false })),
  });
  if (options.openApi)
    app.get(OpenApiDocumentHolder, { strict: false }).set(buildOpenApiDocument(app, options.openApi));
  await app.getHttpAdapter().getInstance().ready();
  return { app, logger, routes: registeredRoutes.get(adapter) ?? [] };
}

export interface StartOptions extends HttpAppOptions {
  host: string;
  port: number;
  /** The api's separate metrics port; the workers serve /metrics on `port`. */
  metricsPort?: number;
  metricsToken?: string;
  shutdown: ShutdownSettings;
  /** Run last on shutdown (the trace exporter's flush). */
  afterShutdown?: Array<() => Promise<void>>;
}

/** `main.ts` of each app: create, listen, log where, and stop gracefully on SIGTERM. */
export async function startHttpApp(rootModule: unknown, options: StartOptions): Promise<INestApplication> {
  const { app, logger } = await createHttpApp(rootModule, options);
  const after = [...(options.afterShutdown ?? [])];
  if (options.metricsPort !== undefined) {
    const server = await listenForMetrics(app.get(Metrics, { strict: false }), {
      host: options.host,
      port: options.metricsPort,
      token: options.metricsToken,
    });
    after.unshift(() => new Promise<void>((resolve) => server.close(() => resolve())));
    logger.info(
      { port: options.metricsPort },
      `${options.app} metrics on http://${options.host}:${options.metricsPort}/metrics`,
    );
  }
  shutDownOnSignals({ app, logger, settings: options.shutdown, after });
  await app.listen(options.port, options.host);
  logger.info(
    { host: options.host, port: options.port },
    `${options.app} listening on http://${options.host}:${options.port}`,
  );
  return app;
}

/** The scheduler's and dispatcher's HTTP ports only serve probes. */
const WORKER_BODY_LIMIT_BYTES = 16 * 1024;

/** What an app's entry point starts, from its validated configuration. */
export interface AppEntry {
  rootModule: unknown;
  port: number;
  /** Largest JSON body; the workers' probe ports take small ones. */
  bodyLimitBytes?: number;
  trustProxy?: TrustProxy;
  openApi?: OpenApiInfo;
  /** The api's separate metrics port (METRICS_PORT). */
  metricsPort?: number;
  /** Run last on shutdown (the trace exporter's flush). */
  afterShutdown?: Array<() => Promise<void>>;
}

/**
 * The `main.ts` of every app: read and validate the configuration (a bad one exits 78 naming the
 * variable), start the Nest app on its port, and exit 1 with one line when it cannot start.
 */
export function runHttpApp(app: string, entry: (config: AppConfig) => AppEntry): void {
  const start = async () => {
    const config = loadConfigOrExit(process.env, app);
    const { rootModule, port, bodyLimitBytes, trustProxy, openApi, metricsPort, afterShutdown } = entry(config);
    await startHttpApp(rootModule, {
      metricsPort,
      metricsToken: config.metricsToken,
      shutdown: config.shutdown,
      afterShutdown,
      app,
      host: config.host,
      port,
      logLevel: config.logLevel,
      bodyLimitBytes: bodyLimitBytes ?? WORKER_BODY_LIMIT_BYTES,
      trustProxy: trustProxy ?? false,
      https: config.https,
      eventLoopBlockWarnMs: config.eventLoopBlockWarnMs,
      openApi,
    });
  };
  start().catch((error: unknown) => {
    process.stderr.write(`${app}: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
