import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { useApi } from './api-test-app';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
  components: {
    securitySchemes: Record<string, Record<string, unknown>>;
    schemas: Record<string, { required?: string[] }>;
  };
};

/** An operation's summary is one line; its description says the rest (at least this long). */
const MAX_SUMMARY = 120;
const MIN_DESCRIPTION = 40;

/** Fastify's `/v1/intakes/:id` is OpenAPI's `/v1/intakes/{id}`. */
const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('GET /v1/openapi.json', () => {
  // With the test clock on, so that every route that can exist is registered.
  const api = useApi({ TEST_CLOCK: 'enabled' });
  let document: Document;

  beforeAll(async () => {
    const response = await api.t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json() as Document;
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    expect(JSON.stringify(document)).not.toContain('"nullable"');
  });

  it('describes every registered route but the portal page and the MCP endpoint', () => {
    expect(api.t.routes.length).toBeGreaterThan(0);
    const missing = api.t.routes
      .filter((route) => !document.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    // The portal page and its script, and the owner dashboard's page and files, are HTML for people
    // (@ApiExcludeController), under PORTAL_URL's and APP_URL's paths. The MCP endpoint speaks
    // JSON-RPC as the MCP specification defines it; its tools are listed by tools/list.
    const portalPage = new URL(api.t.config.portalUrl).pathname.replace(/\/$/, '');
    const dashboard = new URL(api.t.config.appUrl).pathname.replace(/\/$/, '');
    expect(missing.sort()).toEqual(
      [
        `GET ${portalPage}/:slug`,
        `GET ${portalPage}/assets/:file`,
        `GET ${dashboard}/assets/:file`,
        `GET ${dashboard || '/'}`,
        `GET ${dashboard}/*`,
        'POST /mcp',
        'GET /mcp',
        'DELETE /mcp',
      ].sort(),
    );
    for (const path of ['/healthz', '/readyz', '/v1/openapi.json', '/_test/clock', '/_test/tick']) {
      expect(Object.keys(document.paths)).toContain(path);
    }
  });

  it('declares both security schemes, and the public routes need neither', () => {
    expect(document.components.securitySchemes['api_key']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes['session']).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' });
    for (const path of ['/healthz', '/readyz', '/v1/openapi.json']) {
      expect(document.paths[path]?.['get']?.security).toEqual([]);
    }
  });

  it('documents the mail provider’s route with its own shared-secret scheme, outside every account rule', () => {
    expect(document.components.securitySchemes['mail_events']).toMatchObject({ type: 'http', scheme: 'bearer' });
    const events = document.paths['/v1/provider/mail-events']?.['post'] as unknown as Record<string, unknown>;
    expect(events['security']).toEqual([{ mail_events: [] }]);
    expect(events['x-access']).toMatchObject({ via: 'provider', secret: 'MAIL_EVENTS_SECRET' });
    expect(events['x-errors']).toEqual(
      expect.arrayContaining([
        { status: 401, error: 'unauthorized' },
        { status: 422, error: 'unprocessable', reason: 'validation_failed' },
        { status: 503, error: 'service_unavailable', reason: 'mail_events_disabled' },
      ]),
    );
    expect(events['x-errors']).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ error: 'rate_limited' })]),
    );
  });

  it('says who may call every operation: public, or via, scope and role (x-access, x-required-scope)', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op: op as Record<string, unknown> })),
    );
    for (const { path, method, op } of operations) {
      expect([path, method, op['x-access']]).toEqual([path, method, expect.any(Object)]);
    }
    const audit = document.paths['/v1/audit']?.['get'] as unknown as Record<string, unknown>;
    expect(audit['x-required-scope']).toBe('admin');
    expect(audit['x-access']).toMatchObject({
      via: 'any',
      scope: 'admin',
      description: 'Session or API key. Keys need scope `admin`.',
    });
    const intakes = document.paths['/v1/intakes']?.['get'] as unknown as Record<string, unknown>;
    expect(intakes['x-access']).toMatchObject({
      description: 'Session or API key. Keys need scope `intakes:read` or `admin`.',
    });
    const keys = document.paths['/v1/keys']?.['post'] as unknown as Record<string, unknown>;
    expect(keys['x-access']).toMatchObject({ via: 'session' });
    expect(keys['security']).toEqual([{ session: [] }]);
    const current = document.paths['/v1/keys/current']?.['delete'] as unknown as Record<string, unknown>;
    expect(current['security']).toEqual([{ api_key: [] }]);
  });

  it('gives every operation a one-line summary and a description a model can choose the right call by', () => {
    // An agent picks operations by these (GET /llms.txt sends it here): what it does, when to use
    // it rather than its neighbour, its side effects (e-mails, webhooks), idempotency and costs.
    const problems = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) => {
        const { summary, description } = operation as { summary?: unknown; description?: unknown };
        const name = `${method.toUpperCase()} ${path}`;
        const found: string[] = [];
        if (typeof summary !== 'string' || summary.trim() === '') found.push(`${name}: no summary`);
        else if (summary.includes('\n') || summary.length > MAX_SUMMARY) {
          found.push(`${name}: summary longer than one line of ${MAX_SUMMARY} characters`);
        }
        if (typeof description !== 'string' || description.trim().length < MIN_DESCRIPTION) {
          found.push(`${name}: no description of at least ${MIN_DESCRIPTION} characters`);
        } else if (description.trim() === summary) found.push(`${name}: description repeats the summary`);
        return found;
      }),
    );
    expect(problems).toEqual([]);
  });

  it('has the error envelope schema and uses it as every operation’s default response', () => {
    expect(document.components.schemas['ApiError']?.required).toEqual(
      expect.arrayContaining(['error', 'message', 'request_id']),
    );
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect([path, method, operation.responses['default']]).toEqual([path, method, expect.anything()]);
      }
    }
  });

  it('passes Redocly’s recommended rules (redocly.yaml) with no error and no warning', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(document));
      const cli = require.resolve('@redocly/cli/bin/cli.js');
      const config = join(__dirname, '..', '..', '..', 'redocly.yaml');
      const run = await promisify(execFile)(
        process.execPath,
        [cli, 'lint', file, '--format=json', `--config=${config}`],
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(run.stdout) as {
        totals: { errors: number; warnings: number };
        problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
      };
      const problems = report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('gives every property a real type: no object without its properties, no string published as an object', () => {
    const untyped: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (Array.isArray(node)) return node.forEach((child, i) => walk(child, `${path}[${i}]`));
      if (typeof node !== 'object' || node === null) return;
      const schema = node as Record<string, unknown>;
      const types = ([] as unknown[]).concat(schema['type'] ?? []);
      if (types.includes('object') && !schema['properties'] && !schema['additionalProperties']) untyped.push(path);
      for (const [key, child] of Object.entries(schema)) walk(child, `${path}.${key}`);
    };
    walk(document.components.schemas, 'components.schemas');
    walk(document.paths, 'paths');
    expect(untyped).toEqual([]);
  });

  it('types every field of PATCH /v1/intakes/{id} as clients should generate it', () => {
    const patch = document.components.schemas['PatchIntakeRequest'] as { properties: Record<string, unknown> };
    expect(patch.properties).toMatchObject({
      project_name: { type: 'string' },
      owner_note: { type: ['string', 'null'] },
      client_brief: { type: ['string', 'null'] },
      due_date: { type: ['string', 'null'] },
      chase_at_time: { type: ['string', 'null'] },
      folder_id: { type: ['string', 'null'] },
      chase_interval: { type: 'integer' },
      respect_quiet_hours: { type: 'boolean' },
      send_thank_you: { type: ['boolean', 'null'] },
      chase_schedule: { type: 'string' },
      client: { $ref: '#/components/schemas/ClientPatchRequest' },
    });
    // Every field optional, none with a default: on PATCH an absent field keeps its value.
    expect((patch as { required?: string[] }).required ?? []).toEqual([]);
    for (const [name, property] of Object.entries(patch.properties)) {
      expect([name, 'default' in (property as object)]).toEqual([name, false]);
      const described = property as Record<string, unknown>;
      expect([name, Boolean(described['type'] || described['oneOf'] || described['$ref'])]).toEqual([name, true]);
    }
  });

  it('describes the thank-you switches of the account and the intake, and keeps chases[] to the contract’s kinds', () => {
    type Schema = { properties: Record<string, Record<string, unknown>>; required?: string[] };
    const schema = (name: string) => document.components.schemas[name] as Schema;
    expect(schema('CreateIntakeRequest').properties['send_thank_you']).toMatchObject({
      type: ['boolean', 'null'],
      description: expect.stringContaining('thank'),
    });
    expect(schema('IntakeView').properties['send_thank_you']).toMatchObject({ type: ['boolean', 'null'] });
    expect(schema('IntakeView').required).toContain('send_thank_you');
    expect(schema('UpdateAccountRequest').properties['send_thank_you']).toMatchObject({ type: 'boolean' });
    expect(schema('AccountView').properties['send_thank_you']).toMatchObject({ type: 'boolean' });
    expect(schema('AccountView').required).toContain('send_thank_you');
    expect(schema('ChaseView').properties['kind']?.['enum']).toEqual(['invite', 'reminder', 'revision', 'manual']);
  });

  it('describes the client’s note on the whole intake and the mode of webhook endpoints', () => {
    type Schema = { properties: Record<string, Record<string, unknown>>; required?: string[] };
    const schema = (name: string) => document.components.schemas[name] as Schema;
    const note = { type: ['string', 'null'], maxLength: 2000, description: expect.stringContaining('note') };
    for (const name of ['IntakeView', 'ResultsResponse']) {
      expect([name, schema(name).properties['client_note']]).toEqual([name, expect.objectContaining(note)]);
      expect([name, schema(name).required]).toEqual([name, expect.arrayContaining(['client_note'])]);
    }
    expect(schema('PortalIntakeNoteBody').properties['note']).toMatchObject(note);
    expect(schema('RegisterWebhookRequest').properties['mode']).toMatchObject({
      enum: ['live', 'test'],
      default: 'live',
      description: expect.stringContaining('test'),
    });
    for (const name of ['CreatedWebhookResponse', 'WebhookEndpointView', 'DeliveryListResponse']) {
      expect([name, schema(name).properties['mode']]).toEqual([
        name,
        expect.objectContaining({ enum: ['live', 'test'], description: expect.any(String) }),
      ]);
      expect([name, schema(name).required]).toEqual([name, expect.arrayContaining(['mode'])]);
    }
  });
});
