import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type DatabaseStats, type QueueStats } from '@intake/application-health';
import { DomainError } from '@intake/errors';
import { newId } from '@intake/ids';
import { toErrorResponse } from './error-envelope';

/** Latency buckets (seconds) for HTTP requests, jobs and webhook attempts: 5 ms to 30 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** What a chase became, as counted: its final status, or bounced when the mail provider said so. */
export type ChaseMetricOutcome = 'sent' | 'failed' | 'skipped' | 'cancelled' | 'bounced';

/**
 * The Prometheus metrics of one app (prom-client, a registry of its own so that apps sharing a
 * process in tests never mix their series). Every series carries `app`. The families are the same
 * in every app; each app fills those of the work it does (docs/operations.md, "Metrics").
 */
export class Metrics {
  readonly registry = new Registry();
  /** `intake_http_request_duration_seconds`: its `_count` is the request count by route and status. */
  private readonly http: Histogram<'method' | 'route' | 'status'>;
  readonly jobs: Histogram<'queue' | 'job' | 'outcome'>;
  readonly chases: Counter<'channel' | 'outcome'>;
  readonly webhookDeliveries: Histogram<'outcome'>;
  readonly scans: Counter<'verdict'>;
  private readonly sourceErrors: Counter<'source'>;
  private readonly queueDepth: Gauge<'queue' | 'state'>;
  private readonly outboxLag: Gauge;
  private readonly pool: Gauge<'state'>;
  private readonly eventLoopBlocks: Counter<'route'>;
  private database?: DatabaseStats;
  private queues?: QueueStats;

  constructor() {
    const registers = [this.registry];
    // Process metrics, with the event loop's lag (nodejs_eventloop_lag_seconds and its percentiles).
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.http = new Histogram({
      name: 'intake_http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status: latency in seconds (_count: requests)',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.jobs = new Histogram({
      name: 'intake_queue_job_duration_seconds',
      help: 'Jobs processed per queue, job name and outcome (completed, failed): duration in seconds',
      labelNames: ['queue', 'job', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.chases = new Counter({
      name: 'intake_chases_total',
      help: 'Chases by channel and outcome (sent, failed, skipped, cancelled; bounced when the mail provider reports it)',
      labelNames: ['channel', 'outcome'],
      registers,
    });
    this.webhookDeliveries = new Histogram({
      name: 'intake_webhook_attempts_duration_seconds',
      help: 'Webhook delivery attempts by outcome (delivered, pending: will retry, failed: gave up): latency in seconds',
      labelNames: ['outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.scans = new Counter({
      name: 'intake_scans_total',
      help: 'Antivirus scans by verdict (clean, infected, skipped: already decided, error: retried later)',
      labelNames: ['verdict'],
      registers,
    });
    // A source that fails (the database or Redis away) leaves its gauge out of that scrape (the
    // outbox lag reads NaN, not 0, which would say nothing waits) and is counted here; the other
    // series are still served, so an outage stays visible in them.
    this.sourceErrors = new Counter({
      name: 'intake_metrics_source_errors_total',
      help: 'Scrapes in which a gauge could not be read, by source (database, queues)',
      labelNames: ['source'],
      registers,
    });
    this.queueDepth = new Gauge({
      name: 'intake_queue_depth',
      help: 'Jobs per queue and state (waiting, active, delayed, failed)',
      labelNames: ['queue', 'state'],
      registers,
    });
    this.outboxLag = new Gauge({
      name: 'intake_outbox_lag_seconds',
      help: 'Age of the oldest outbox event not yet relayed (0 when none waits, NaN when unknown)',
      registers,
    });
    this.eventLoopBlocks = new Counter({
      name: 'intake_event_loop_blocks_total',
      help: 'Stalls of the event loop of at least EVENT_LOOP_BLOCK_WARN_MS, by the route in flight during it (METHOD /pattern; none: no request; several: more than one route)',
      labelNames: ['route'],
      registers,
    });
    this.pool = new Gauge({
      name: 'intake_db_pool_connections',
      help: 'Database pool of this process: connections by state (total, idle, waiting: queries waiting for one, max)',
      labelNames: ['state'],
      registers,
    });
  }

  /** Reads the gauges' sources (before each scrape), so that a failure is counted in the same scrape. */
  async refresh(): Promise<void> {
    const [depths, lag] = await Promise.all([
      this.queues?.depths().catch(() => {
        this.sourceErrors.inc({ source: 'queues' });
        return [];
      }),
      this.database?.outboxLagSeconds().catch(() => {
        this.sourceErrors.inc({ source: 'database' });
        return Number.NaN;
      }),
    ]);
    this.queueDepth.reset();
    for (const depth of depths ?? []) this.queueDepth.set({ queue: depth.queue, state: depth.state }, depth.count);
    if (lag !== undefined) this.outboxLag.set(lag);
    if (this.database) {
      const pool = this.database.pool();
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.pool.set({ state }, pool[state]);
    }
  }

  /** The app's name on every series, and the stats the gauges read at each scrape (from Nest's container). */
  bind(app: string, sources: { database?: DatabaseStats; queues?: QueueStats }): void {
    this.registry.setDefaultLabels({ app });
    this.database = sources.database;
    this.queues = sources.queues;
  }

  /** One HTTP response (Fastify's onResponse hook): route is the template, never the raw URL. */
  observeHttp(method: string, route: string | undefined, status: number, seconds: number): void {
    this.http.observe({ method, route: route ?? 'unmatched', status: String(status) }, seconds);
  }

  /** One stall of the event loop, under the one route that was in flight (EventLoopWatchdog). */
  countEventLoopBlock(routes: readonly string[]): void {
    const route = routes.length === 0 ? 'none' : routes.length === 1 ? (routes[0] as string) : 'several';
    this.eventLoopBlocks.inc({ route });
  }

  /** Runs one job and records its duration under its queue, name and outcome. */
  async timeJob<T>(queue: string, job: string, run: () => Promise<T>): Promise<T> {
    const end = this.jobs.startTimer({ queue, job });
    try {
      const result = await run();
      end({ outcome: 'completed' });
      return result;
    } catch (error) {
      end({ outcome: 'failed' });
      throw error;
    }
  }
}

export interface MetricsResponse {
  status: number;
  contentType: string;
  body: string;
}

/** Constant time whatever the lengths (both hashed to 32 bytes): the refusal says nothing of the token's length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics: the exposition text, or 401 in the error envelope when METRICS_TOKEN is set and
 * the request does not bear it; 503 only if collecting fails unexpectedly (a gauge whose source
 * is away is left out instead, see `intake_metrics_source_errors_total`).
 */
export async function metricsResponse(
  metrics: Metrics,
  token: string | undefined,
  authorization: string | undefined,
): Promise<MetricsResponse> {
  const json = (error: DomainError): MetricsResponse => {
    const response = toErrorResponse(error, newId('request'));
    return {
      status: response.status,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(response.body),
    };
  };
  if (token !== undefined) {
    const match = /^Bearer (\S+)$/i.exec(authorization ?? '');
    if (!match?.[1] || !sameSecret(match[1], token))
      return json(new DomainError('unauthorized', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.'));
  }
  try {
    await metrics.refresh();
    return { status: 200, contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
  } catch (error) {
    return json(
      new DomainError(
        'service_unavailable',
        `Metrics unavailable: ${error instanceof Error ? error.message : 'error'}`,
        {
          reason: 'dependency_unavailable',
          params: { failing: [] },
          retryAfterSeconds: 5,
        },
      ),
    );
  }
}

/** The metrics port is no Fastify app: the headers every answer of ours carries, set by hand. */
const METRICS_PORT_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };

/** The api's metrics port: GET /metrics only, apart from the public port (METRICS_PORT). */
export async function listenForMetrics(
  metrics: Metrics,
  options: { host: string; port: number; token: string | undefined },
): Promise<Server> {
  const server = createServer((request: IncomingMessage, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response
        .writeHead(404, { ...METRICS_PORT_HEADERS, 'content-type': 'text/plain; charset=utf-8' })
        .end('GET /metrics only\n');
      return;
    }
    void metricsResponse(metrics, options.token, request.headers.authorization).then((answer) =>
      response
        .writeHead(answer.status, { ...METRICS_PORT_HEADERS, 'content-type': answer.contentType })
        .end(answer.body),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
