import { context, propagation, type Span, trace } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

/** A started tracer provider: flushes and stops on shutdown. */
export interface Tracing {
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** The service name on every span (`intake-api`, ...). */
  service: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT; tracing is off without it (unless a test passes an exporter). */
  endpoint: string | undefined;
  /** Tests: spans go here (an in-memory exporter) instead of OTLP. */
  exporter?: SpanExporter;
}

let active: Tracing | undefined;

/** The probes and the metrics scrape are polled every few seconds: no spans for them. */
const UNTRACED_PATH = /^\/(healthz|readyz|metrics)\b/;

/** Where the HTTP server span records the request's URL (old semantic conventions, and the stable ones when opted in). */
const SERVER_URL_ATTRIBUTES = ['http.target', 'http.url', 'url.path', 'url.query'] as const;

/**
 * A request's URL is a credential in places (a portal slug, a signed URL's token, a chat webhook's
 * path), so spans keep the route template instead: set on the HTTP server span (the active span
 * when Fastify's request span starts) and on Fastify's own. `(unmatched)` when no route matched.
 */
function routeInsteadOfUrl(fastifySpan: Span, route: string | undefined): void {
  const template = route ?? '(unmatched)';
  fastifySpan.setAttribute('url.path', template);
  const server = trace.getActiveSpan();
  if (server && server !== fastifySpan)
    for (const attribute of SERVER_URL_ATTRIBUTES)
      server.setAttribute(attribute, attribute === 'url.query' ? '' : template);
}

/**
 * Starts OpenTelemetry before anything it instruments is loaded (the first import of each
 * `main.ts`): HTTP in and out, Fastify's requests, pg, ioredis, undici (fetch), and BullMQ through
 * `bullTelemetry()`. Without an endpoint it returns undefined having loaded no SDK module at all:
 * tracing off costs nothing.
 */
export function startTracing(options: TracingOptions): Tracing | undefined {
  if (active) return active;
  if (!options.endpoint && !options.exporter) return undefined;
  // Loaded only when tracing is on (require, not import: off, not one SDK module is read).
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { SimpleSpanProcessor, BatchSpanProcessor } =
    require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { IORedisInstrumentation } =
    require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  const { FastifyOtelInstrumentation } = require('@fastify/otel') as typeof import('@fastify/otel');
  const spanProcessor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.endpoint?.replace(/\/$/, '')}/v1/traces` }));
  const sdk = new NodeSDK({
    serviceName: options.service,
    spanProcessors: [spanProcessor],
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATH.test(request.url ?? '') }),
      // Fastify's own (@fastify/otel, the successor of @opentelemetry/instrumentation-fastify,
      // which wrapped fastify's export and lost its named exports on Fastify 5): registered as a
      // plugin when Fastify is created, a span per request named by its route template, with the
      // hooks and the handler under it.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: ({ url }) => UNTRACED_PATH.test(url),
        requestHook: (span, request) => {
          if (request.routeOptions.url) span.updateName(`${request.method} ${request.routeOptions.url}`);
          routeInsteadOfUrl(span, request.routeOptions.url);
        },
      }),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
      // The command's name only: its keys can name a portal slug or an API key's prefix.
      new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
      // Outgoing: a webhook endpoint's path and query are the customer's (a Slack or Discord URL's
      // path is its credential); only the origin is kept.
      new UndiciInstrumentation({
        requestHook: (span, request) => {
          span.setAttributes({ 'url.full': request.origin, 'url.path': '', 'url.query': '' });
        },
      }),
    ],
  });
  sdk.start();
  active = { shutdown: () => sdk.shutdown() };
  return active;
}

/** Whether startTracing ran and tracing is on in this process. */
export function tracingEnabled(): boolean {
  return active !== undefined;
}

/** BullMQ's `telemetry` option when tracing is on: a job carries its producer's context to its worker. */
export function bullTelemetry(): unknown {
  if (!active) return undefined;
  const { BullMQOtel } = require('bullmq-otel') as typeof import('bullmq-otel');
  return new BullMQOtel({ tracerName: 'intake' });
}

/** The active span's trace id, for log lines (undefined when tracing is off or no span is active). */
export function currentTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  return span ? span.spanContext().traceId : undefined;
}

/** The W3C traceparent of the active span, to store with work that another process picks up. */
export function currentTraceparent(): string | null {
  if (!active) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier['traceparent'] ?? null;
}

/** Runs `work` in a span whose parent is a stored traceparent (a new trace when there is none). */
export function withStoredParent<T>(name: string, traceparent: string | null, work: () => Promise<T>): Promise<T> {
  if (!active) return work();
  const parent = traceparent ? propagation.extract(context.active(), { traceparent }) : context.active();
  return trace.getTracer('intake').startActiveSpan(name, {}, parent, async (span) => {
    try {
      return await work();
    } finally {
      span.end();
    }
  });
}
