import { Client } from 'pg';
import { type AppConfig } from '@intake/config';
import {
  type AppProcess,
  ClamdServer,
  png,
  SmtpSink,
  startAppProcess,
  startTestApp,
  type TestApp,
  useTestEnvironment,
  WebhookReceiver,
} from '@intake/testing';
import { FixedHostResolver } from '@intake/webhook-http';
import { DispatcherModule } from '../src/app/dispatcher.module';
import { ServiceClient } from './service-client';

const T0 = new Date('2031-03-04T09:00:00Z');
const MAIL_EVENTS_SECRET = 'metrics-e2e-mail-events-secret-0123456789';
const METRICS_TOKEN = 'metrics-e2e-token-0123456789abcdefghijkl';

/** The value of one sample (`name{labels} value`), every label given matching; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

/** Every family the apps declare: each scrape shows them all, with or without samples yet. */
const FAMILIES = [
  'intake_http_request_duration_seconds',
  'intake_queue_job_duration_seconds',
  'intake_chases_total',
  'intake_webhook_attempts_duration_seconds',
  'intake_scans_total',
  'intake_metrics_source_errors_total',
  'intake_queue_depth',
  'intake_outbox_lag_seconds',
  'intake_db_pool_connections',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'intake_event_loop_blocks_total',
];

/**
 * GET /metrics of the three apps after a short workload (issue #17, item 5): the api and the
 * scheduler as processes of their own (their real main.ts), the dispatcher in this process, on the
 * test clock, real PostgreSQL, Redis, SMTP and clamd, a local webhook receiver. One intake with an
 * upload scanned clean, its invitation sent and bounced, a webhook delivered; then every named
 * series is there.
 */
describe('GET /metrics of the api, the scheduler and the dispatcher after a workload', () => {
  const receiver = new WebhookReceiver();
  const sink = new SmtpSink();
  let api: AppProcess | undefined;
  let scheduler: AppProcess | undefined;
  let dispatcher: TestApp;
  let service: ServiceClient;
  let db: Client;
  let clamd: ClamdServer | undefined;
  afterAll(async () => {
    await clamd?.stop();
    await db?.end();
    await dispatcher?.close();
    await api?.kill();
    await scheduler?.kill();
    await receiver.stop();
    await sink.stop();
  }, 60_000);
  const harness = useTestEnvironment();

  beforeAll(async () => {
    await receiver.start();
    await sink.start();
    clamd = await new ClamdServer().start();
    const env = {
      ...harness.environment.env,
      AV: 'clamd',
      CLAMD_HOST: '127.0.0.1',
      CLAMD_PORT: String(clamd.port),
      TEST_CLOCK: 'enabled',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      RATE_LIMIT_MODE: 'observe',
      SMTP_URL: sink.url,
      MAIL_FROM: 'Intake <noreply@intake.example>',
      MAIL_EVENTS_SECRET,
      METRICS_TOKEN,
    };
    [api, scheduler] = await Promise.all([startAppProcess('api', env), startAppProcess('scheduler', env)]);
    dispatcher = await startTestApp(
      env,
      (c: AppConfig) =>
        DispatcherModule.forRoot(c, { resolver: new FixedHostResolver({ 'hooks.test': ['127.0.0.1'] }) }),
      { app: 'webhook-dispatcher' },
    );
    service = new ServiceClient(api.url);
    db = new Client({ connectionString: harness.environment.db.url });
    await db.connect();
  }, 120_000);

  /** GET /metrics bearing `token` ('' for none). */
  const scrape = async (url: string, token = METRICS_TOKEN) => {
    const response = await fetch(`${url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      headers: [response.headers.get('x-content-type-options'), response.headers.get('cache-control')],
      text: await response.text(),
    };
  };

  it('shows every named series, each app those of its work', async () => {
    await service.setClock(T0);
    const customer = await service.owner();
    await customer.register(`http://hooks.test:${receiver.port}/all`, ['client.viewed']);
    const created = await customer.expect<{ intake_id: string; portal_url: string }>(201, 'POST', '/v1/intakes', {
      project_name: 'Bakery',
      client: { email: 'bob@client.example', name: 'Bob' },
      items: [{ key: 'logo', type: 'image', label: 'Logo' }],
    });
    const slug = created.portal_url.split('/').pop() as string;
    await service.expect(200, 'GET', `/portal/v1/${slug}`); // client.viewed: one webhook
    const upload = new FormData();
    upload.append('file', new Blob([png(4, 4)], { type: 'image/png' }), 'logo.png');
    expect(
      (await fetch(`${service.url}/portal/v1/${slug}/items/logo/files`, { method: 'POST', body: upload })).status,
    ).toBe(201);
    await service.tick(); // the invitation goes out, the webhook is delivered
    const invite = (
      await db.query<{ provider_message_id: string }>(
        `SELECT provider_message_id FROM chases WHERE intake_id = $1 AND kind = 'invite'`,
        [created.intake_id],
      )
    ).rows[0];
    await service.expect(
      200,
      'POST',
      '/v1/provider/mail-events',
      {
        notificationType: 'Bounce',
        mail: {
          timestamp: T0.toISOString(),
          messageId: String(invite?.provider_message_id).replace(/^<|>$/g, ''),
          source: 'noreply@intake.example',
          destination: ['bob@client.example'],
        },
        bounce: {
          bounceType: 'Permanent',
          bouncedRecipients: [{ emailAddress: 'bob@client.example' }],
          timestamp: T0.toISOString(),
        },
      },
      { authorization: `Bearer ${MAIL_EVENTS_SECRET}` },
    );

    // The scheduler's scans worker sends the upload to clamd: one clean verdict.
    let s = '';
    for (let i = 0; i < 100 && sample(s, 'intake_scans_total', { verdict: 'clean' }) !== 1; i += 1) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      s = (await scrape(scheduler?.url as string)).text;
    }

    const apiMetrics = await scrape(api?.metricsUrl as string);
    expect(apiMetrics.status).toBe(200);
    expect(apiMetrics.type).toContain('text/plain');
    const a = apiMetrics.text;
    // HTTP requests by route template (never the raw URL) and status, with latency buckets.
    expect(
      sample(a, 'intake_http_request_duration_seconds_count', { route: '/v1/intakes', status: '201', method: 'POST' }),
    ).toBe(1);
    expect(sample(a, 'intake_http_request_duration_seconds_bucket', { route: '/v1/intakes', le: '+Inf' })).toBe(1);
    expect(
      sample(a, 'intake_http_request_duration_seconds_count', { route: '/portal/v1/:slug/items/:key/files' }),
    ).toBe(1);
    expect(a).not.toContain(slug);
    expect(sample(a, 'intake_chases_total', { channel: 'email', outcome: 'bounced', app: 'api' })).toBe(1);
    expect(sample(a, 'intake_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
    expect(sample(a, 'intake_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(sample(a, 'intake_outbox_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(a, 'nodejs_eventloop_lag_seconds', { app: 'api' })).toBeGreaterThanOrEqual(0);
    expect(sample(a, 'nodejs_eventloop_lag_p99_seconds', { app: 'api' })).toBeGreaterThanOrEqual(0);
    expect(sample(a, 'intake_queue_depth', { queue: 'scans', state: 'waiting' })).toBeGreaterThanOrEqual(0);

    expect(sample(s, 'intake_chases_total', { channel: 'email', outcome: 'sent', app: 'scheduler' })).toBe(1);
    expect(sample(s, 'intake_scans_total', { verdict: 'clean', app: 'scheduler' })).toBe(1);
    expect(sample(s, 'intake_scans_total', { verdict: 'infected' })).toBeUndefined();
    expect(
      sample(s, 'intake_queue_job_duration_seconds_count', { queue: 'scans', job: 'scan', outcome: 'completed' }),
    ).toBe(1);
    expect(
      sample(s, 'intake_queue_job_duration_seconds_count', { queue: 'scheduler', job: 'tick', outcome: 'completed' }),
    ).toBe(1);
    expect(sample(s, 'intake_queue_depth', { queue: 'scans', state: 'failed' })).toBe(0);
    expect(sample(s, 'intake_queue_depth', { queue: 'scheduler', state: 'active' })).toBe(0);
    expect(sample(s, 'intake_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(sample(s, 'nodejs_eventloop_lag_seconds', { app: 'scheduler' })).toBeGreaterThanOrEqual(0);

    const d = (
      await dispatcher.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      })
    ).body;
    expect(sample(d, 'intake_webhook_attempts_duration_seconds_count', { outcome: 'delivered' })).toBe(1);
    expect(sample(d, 'intake_webhook_attempts_duration_seconds_bucket', { outcome: 'delivered', le: '+Inf' })).toBe(1);
    // Everything relayed: no outbox row waits.
    expect(sample(d, 'intake_outbox_lag_seconds', { app: 'webhook-dispatcher' })).toBe(0);
    expect(sample(d, 'nodejs_eventloop_lag_seconds', { app: 'webhook-dispatcher' })).toBeGreaterThanOrEqual(0);

    for (const text of [a, s, d]) for (const family of FAMILIES) expect(text).toContain(`# TYPE ${family} `);
  }, 120_000);

  it('refuses a scrape without METRICS_TOKEN, with the error envelope', async () => {
    for (const url of [api?.metricsUrl as string, scheduler?.url as string]) {
      const anonymous = await scrape(url, '');
      expect(anonymous.status).toBe(401);
      expect(JSON.parse(anonymous.text)).toMatchObject({ error: 'unauthorized' });
      expect(anonymous.headers).toEqual(['nosniff', 'no-store']);
      expect((await scrape(url)).headers).toEqual(['nosniff', 'no-store']);
      expect((await scrape(url, 'x'.repeat(METRICS_TOKEN.length))).status).toBe(401);
    }
    // The api's public port has no /metrics: metrics never reach the internet through it.
    expect(
      (await fetch(`${service.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status,
    ).toBe(404);
  });
});
