import { FastifyAdapter } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { type FastifyError, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Logger } from 'pino';
import { type TrustProxy } from '@intake/config';
import { DomainError } from '@intake/errors';
import { newId } from '@intake/ids';
import { type ErrorTranslator, malformedJson, toErrorResponse, unsupportedMediaType } from './error-envelope';
import { requestContext } from './request-context';
import { hasCredentials, isUncacheable, securityHeaders } from './security-headers';
import { type EventLoopWatchdog } from './event-loop-watchdog';

const PROBE_PATHS = new Set(['/healthz', '/readyz']);
/** The largest file a multipart request may carry (an item's max_bytes can be at most 5 GiB). */
export const MULTIPART_FILE_LIMIT = 5 * 1024 ** 3;

export interface HttpSettings {
  logger: Logger;
  bodyLimitBytes: number;
  trustProxy: TrustProxy;
  /** PUBLIC_BASE_URL is https: answers carry Strict-Transport-Security. */
  https: boolean;
  /** Told of every request in and out; runs from Fastify's ready to its close. */
  watchdog?: EventLoopWatchdog;
}

/** A route Fastify registered: its method and URL pattern. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * The longest path parameter the router accepts (Fastify's default is 100): longer than any id,
 * and room for an e-mail address (254 characters) percent-encoded.
 */
export const MAX_PARAM_LENGTH = 1024;

/**
 * Routes whose handlers need the exact bytes of a JSON body (a provider's signature covers
 * them): the parser keeps them as `request.rawBody` there, and only there.
 */
export const RAW_BODY_ROUTES: ReadonlySet<string> = new Set(['/v1/provider/payments']);

/**
 * Routes that take a text/plain body (Amazon SNS posts its JSON so): everywhere else text/plain
 * is what it is on any route, a body that is not JSON, and answers 415.
 */
export const TEXT_BODY_ROUTES: ReadonlySet<string> = new Set(['/v1/provider/mail-events']);

/**
 * Fastify route config (`@RouteConfig(PUBLIC_STATIC)` on a Nest handler) of files that are the
 * same for every caller and named by their content's hash (the dashboard's build): their own
 * Cache-Control stands even when the request carries credentials, as it always does from a
 * signed-in dashboard. Never for an answer that depends on who asks.
 */
export const PUBLIC_STATIC: Readonly<{ publicStatic: true }> = { publicStatic: true };

/** The exact body of a request to one of RAW_BODY_ROUTES. */
export function rawBodyOf(request: FastifyRequest): Buffer | undefined {
  return (request as FastifyRequest & { rawBody?: Buffer }).rawBody;
}

/** Every route Fastify registered, in registration order (for the OpenAPI completeness test). */
export const registeredRoutes = new WeakMap<FastifyAdapter, RegisteredRoute[]>();

/** Late-bound collaborators: they come from Nest's container, which exists only after the adapter. */
export interface EdgeHooks {
  translators(): readonly ErrorTranslator[];
  /** Runs before every request (the shared test clock syncs here). */
  beforeRequest(): Promise<void>;
  /** Told of every error response (tests check each against the operation's documented errors). */
  observeError?(observed: ObservedError): void;
  /** Every response as it left: the route template (undefined when none matched), status, seconds. */
  observeResponse(method: string, route: string | undefined, status: number, seconds: number): void;
}

/** An error response as it left: the route pattern Fastify matched (absent for unknown routes). */
export interface ObservedError {
  method: string;
  route: string | undefined;
  status: number;
  error: string | undefined;
  reason: string | undefined;
}

/**
 * Fastify for every app: our pino logger, a `req_…` id per request (never taken from the client),
 * echoed in X-Request-Id on every response, the security headers on every answer
 * (security-headers.ts), and the error envelope on errors Fastify raises before Nest sees the
 * request (malformed JSON, body limit, a Content-Type no parser takes).
 */
export function createFastifyAdapter(settings: HttpSettings, hooks: EdgeHooks): FastifyAdapter {
  const edgeHeaders = securityHeaders({ https: settings.https });
  const adapter = new FastifyAdapter({
    loggerInstance: settings.logger,
    genReqId: () => newId('request'),
    logController: new LogController({
      requestIdLogLabel: 'request_id',
      // Orchestrators poll the probes every few seconds; their lines would drown the rest.
      disableRequestLogging: (request) => PROBE_PATHS.has(request.url),
    }),
    bodyLimit: settings.bodyLimitBytes,
    trustProxy: settings.trustProxy,
    return503OnClosing: true,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // The router's own refusals, before any route or hook: a path that is not valid
    // percent-encoding, or a parameter longer than any id. No route matched: no such resource.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const noRoute = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const thrown = noRoute ? new DomainError('not_found', 'No such route or resource.') : error;
      const response = toErrorResponse(thrown, String(request.id), hooks.translators());
      hooks.observeError?.({
        method: request.method,
        route: undefined,
        status: response.status,
        error: response.body.error,
        reason: response.body.reason,
      });
      void reply
        .code(response.status)
        .headers({ ...edgeHeaders, ...response.headers, 'x-request-id': String(request.id) })
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify(response.body));
    },
  });
  const fastify = adapter.getInstance();
  void fastify.register(fastifyCookie);
  // Uploads stream (request.file()); the limits that matter (an item's max_bytes, the storage
  // quota) are enforced while streaming. These only bound what a request may carry at all.
  void fastify.register(fastifyMultipart, {
    limits: { files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100, fileSize: MULTIPART_FILE_LIMIT },
    throwFileSizeLimit: true,
  });
  const routes: RegisteredRoute[] = [];
  registeredRoutes.set(adapter, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  const watchdog = settings.watchdog;
  if (watchdog) {
    // From ready (a start-up's synchronous work is no request's stall) to close (nothing left ticking).
    fastify.addHook('onReady', (done) => {
      watchdog.start();
      done();
    });
    fastify.addHook('onClose', (_instance, done) => {
      watchdog.stop();
      done();
    });
    fastify.addHook('onRequestAbort', (request, done) => {
      watchdog.requestEnded(request);
      done();
    });
  }
  fastify.addHook('onRequest', (request, reply, done) => {
    watchdog?.requestStarted(request);
    // Before any handler: a route that means to be cached (the portal script) sets its own.
    void reply.headers(edgeHeaders).header('x-request-id', request.id);
    requestContext.run({ requestId: String(request.id) }, () => {
      hooks.beforeRequest().then(() => done(), done);
    });
  });
  // The metrics' one hook on the request path: the route template, the status, Fastify's own timing.
  fastify.addHook('onResponse', (request, reply, done) => {
    watchdog?.requestEnded(request);
    hooks.observeResponse(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // Whatever a route says, an answer to an account's credentials is never stored by a cache; but
  // for the build's files (PUBLIC_STATIC), which are the same for everyone.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const publicStatic = (request.routeOptions.config as { publicStatic?: unknown } | undefined)?.publicStatic === true;
    if (!publicStatic && !isUncacheable(reply.getHeader('cache-control')) && hasCredentials(request.headers))
      void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  const observe = hooks.observeError;
  if (observe) {
    fastify.addHook('onSend', (request, reply, payload, done) => {
      if (reply.statusCode >= 400 && typeof payload === 'string') {
        let body: { error?: string; reason?: string } = {};
        try {
          body = JSON.parse(payload) as typeof body;
        } catch {
          // not JSON (an HTML error page): the observer sees no code
        }
        observe({
          method: request.method,
          route: request.routeOptions.url,
          status: reply.statusCode,
          error: body.error,
          reason: body.reason,
        });
      }
      done(null, payload);
    });
  }
  // Our own JSON parser, so a malformed body raises our error (Nest would rewrap Fastify's and
  // lose its code). Registering it first also stops Nest from adding its parsers.
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  adapter.useBodyParser('application/json', false, { bodyLimit: settings.bodyLimitBytes }, (request, body, done) => {
    if (Buffer.isBuffer(body) && RAW_BODY_ROUTES.has(request.routeOptions.url ?? ''))
      (request as FastifyRequest & { rawBody?: Buffer }).rawBody = body;
    void parseJson(request, body as unknown as string, (error, value) =>
      error ? done(malformedJson(), undefined) : done(null, value),
    );
  });
  // Fastify parses text/plain into a string by default, which validation would then refuse as
  // 422: a body that is not JSON is refused for its type instead, but where a route takes text.
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: settings.bodyLimitBytes },
    (request, body, done) =>
      TEXT_BODY_ROUTES.has(request.routeOptions.url ?? '') ? done(null, body) : done(unsupportedMediaType(), undefined),
  );
  return adapter;
}
