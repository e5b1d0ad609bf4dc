import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type AppProcess, startAppProcess, useTestEnvironment, WebhookReceiver } from '@intake/testing';
import { ServiceClient } from './service-client';

interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** Every attribute's value, as the OTLP JSON encoding gives it. */
  attributes: string;
}

/** An OTLP/HTTP collector on loopback keeping every span it is sent (the JSON encoding). */
class SpanSink {
  readonly spans: ExportedSpan[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.url === '/v1/traces') this.keep(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', () => resolve()));
    this.url = `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private keep(body: {
    resourceSpans?: Array<{
      resource?: { attributes?: Array<{ key: string; value: { stringValue?: string } }> };
      scopeSpans?: Array<{ spans?: Array<Omit<ExportedSpan, 'service' | 'attributes'> & { attributes?: unknown[] }> }>;
    }>;
  }): void {
    for (const resource of body.resourceSpans ?? []) {
      const service =
        resource.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value.stringValue ?? '';
      for (const scope of resource.scopeSpans ?? [])
        for (const span of scope.spans ?? [])
          this.spans.push({
            service,
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId || undefined,
            name: span.name,
            attributes: JSON.stringify(span.attributes ?? []),
          });
    }
  }
}

/**
 * One trace from the api to the dispatcher's POST (issue #17, item 6): the api and the dispatcher
 * as processes of their own (their real main.ts: OpenTelemetry patches modules as Node loads them,
 * which jest's module registry would bypass), exporting over OTLP/HTTP to a collector on loopback.
 * A request archives an intake; its `intake.archived` event is stored with the request's
 * traceparent, relayed into a delivery, and POSTed by the dispatcher inside that trace.
 */
describe('traces: api → outbox → dispatcher POST, one trace', () => {
  const receiver = new WebhookReceiver();
  const sink = new SpanSink();
  let api: AppProcess | undefined;
  let dispatcher: AppProcess | undefined;
  afterAll(async () => {
    await api?.kill();
    await dispatcher?.kill();
    await receiver.stop();
    await sink.stop();
  }, 60_000);
  const harness = useTestEnvironment();

  it('the receiver gets the trace the api request began, and both apps export spans of it', async () => {
    await receiver.start();
    await sink.start();
    const env = {
      ...harness.environment.env,
      OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      RATE_LIMIT_MODE: 'observe',
    };
    const logged = { stdout: 'pipe', logLevel: 'info' } as const;
    [api, dispatcher] = await Promise.all([
      startAppProcess('api', env, logged),
      startAppProcess('webhook-dispatcher', env, logged),
    ]);
    const service = new ServiceClient(api.url);
    const customer = await service.owner();
    await customer.register(receiver.url('/traced'), ['intake.archived']);
    const created = await customer.expect<{ intake_id: string; portal_url: string }>(201, 'POST', '/v1/intakes', {
      project_name: 'Traced',
      client: { email: 'client@client.example', name: 'Anna' },
      items: [{ key: 'brief', type: 'text', label: 'Brief' }],
      send: false,
    });
    // A portal request: its path holds the client's slug, a credential no span may keep.
    const slug = created.portal_url.split('/').pop() as string;
    await fetch(`${api.url}/portal/v1/${slug}?probe=1`);
    await customer.expect(200, 'POST', `/v1/intakes/${created.intake_id}/archive`);
    for (let i = 0; i < 200 && receiver.on('/traced').length === 0; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const [received] = receiver.on('/traced');
    const traceparent = String(received?.headers['traceparent']);
    expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    const traceId = traceparent.split('-')[1];

    // SIGTERM flushes each app's spans to the collector before it exits.
    api.child.kill('SIGTERM');
    dispatcher.child.kill('SIGTERM');
    expect(await api.exited).toEqual({ code: 0, signal: null });
    expect(await dispatcher.exited).toEqual({ code: 0, signal: null });

    const trace = sink.spans.filter((span) => span.traceId === traceId);
    const fromApi = trace.filter((span) => span.service === 'intake-api');
    const fromDispatcher = trace.filter((span) => span.service === 'intake-webhook-dispatcher');
    // The api's root: the archive request, and its database work (the outbox insert among it).
    const root = fromApi.find((span) => span.parentSpanId === undefined);
    expect(root?.name).toMatch(/^POST/);
    // Fastify's span for the request, named by its route template, under the HTTP server span.
    const routed = fromApi.find((span) => span.name === 'POST /v1/intakes/:id/archive');
    expect(routed?.parentSpanId).toBe(root?.spanId);
    expect(fromApi.some((span) => /INSERT|pg\./i.test(span.name))).toBe(true);
    // The dispatcher's delivery span hangs under a span of the api; its POST under it.
    const deliver = fromDispatcher.find((span) => span.name === 'webhook.deliver');
    expect(fromApi.map((span) => span.spanId)).toContain(deliver?.parentSpanId);
    expect(fromDispatcher.some((span) => span.parentSpanId === deliver?.spanId && /POST/.test(span.name))).toBe(true);
    // What the receiver saw as parent is that POST.
    expect(fromDispatcher.map((span) => span.spanId)).toContain(traceparent.split('-')[2]);

    // Spans keep route templates, never a URL: no slug, no query, no webhook path.
    const portal = sink.spans.filter(
      (span) => span.service === 'intake-api' && /\/portal\/v1\/:slug/.test(span.attributes),
    );
    expect(portal.length).toBeGreaterThan(0);
    for (const span of sink.spans) {
      expect(span.attributes).not.toContain(slug);
      expect(span.attributes).not.toContain('probe=1');
      expect(span.attributes).not.toContain('/traced');
      expect(span.attributes).not.toContain(created.intake_id);
    }
    expect(JSON.stringify(fromApi.filter((span) => span.spanId === root?.spanId))).toContain('/v1/intakes/:id/archive');

    // The log lines of that work carry the trace's id: the api's line for the archive request,
    // the dispatcher's line for the attempt.
    const lines = (app: AppProcess) =>
      app
        .stdout()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const archived = lines(api).find((line) => line['msg'] === 'request completed' && line['trace_id'] === traceId);
    expect(archived).toBeDefined();
    expect(lines(dispatcher).find((line) => line['event'] === 'webhook.attempt')).toMatchObject({
      status: 'delivered',
      trace_id: traceId,
    });
  }, 120_000);
});
