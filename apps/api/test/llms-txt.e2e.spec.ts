import { API_CSP, HSTS } from '@intake/http';
import { type Owner, useApi } from './api-test-app';

/**
 * GET /llms.txt (issue #30): the guide for AI agents. Public Markdown with the security headers
 * of every answer, absolute links built from PUBLIC_BASE_URL, and nothing in it the api does not
 * have: every operation it names is in the OpenAPI document, and its limits are the plans'.
 */

const BASE = 'https://api.intake.example';

type Operation = { summary?: string; description?: string; security?: unknown[]; 'x-access'?: unknown } & Record<
  string,
  unknown
>;
type Document = { servers: Array<{ url: string }>; paths: Record<string, Record<string, Operation>> };

describe('GET /llms.txt', () => {
  const api = useApi({ PUBLIC_BASE_URL: BASE });
  let owner: Owner;
  let guide: string;
  let document: Document;

  beforeAll(async () => {
    owner = await api.owner();
    const response = await api.client.request({ method: 'GET', url: '/llms.txt' });
    expect(response.statusCode).toBe(200);
    guide = response.body;
    document = (await api.client.request({ method: 'GET', url: '/v1/openapi.json' })).json<Document>();
  });

  it('answers Markdown to anyone, with the security headers of every answer and no request counted', async () => {
    const anonymous = await api.client.request({ method: 'GET', url: '/llms.txt' });
    const withKey = await api.client.asKey(owner.key, { method: 'GET', url: '/llms.txt' });
    for (const response of [anonymous, withKey]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': 'text/markdown; charset=utf-8',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'DENY',
        'content-security-policy': API_CSP,
        'strict-transport-security': HSTS,
      });
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
      expect(response.body).toBe(guide);
    }
    expect(guide).toMatch(/^# Intake Collection Service\n\n> /);
  });

  it('links absolutely, to PUBLIC_BASE_URL as the OpenAPI document’s server does', () => {
    expect(document.servers.map((s) => s.url)).toEqual([BASE]);
    const links = [...guide.matchAll(/https?:\/\/[^\s)`'"]+/g)].map((m) => m[0].replace(/[.,;:]+$/, ''));
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((link) => !link.startsWith(`${BASE}/`) && link !== BASE)).toEqual([]);
    for (const path of ['/v1/openapi.json', '/pricing.json', '/mcp', '/v1/intakes', '/v1/webhooks']) {
      expect(links).toContain(`${BASE}${path}`);
    }
  });

  it('names only operations the api has', () => {
    const named = [...guide.matchAll(/\b(GET|POST|PATCH|PUT|DELETE) (?:https?:\/\/[^/\s]+)?(\/[\w./{}-]*[\w}])/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(named.length).toBeGreaterThan(10);
    const operations = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    expect(named.filter((operation) => !operations.has(operation))).toEqual([]);
  });

  it('says how to authenticate, the MCP endpoint, the SDK, the flow, the limits and the errors', async () => {
    for (const phrase of [
      'Authorization: Bearer svc_live_',
      'svc_test_',
      '`admin`',
      '`intakes:read`',
      '`intakes:write`',
      '`secrets:read`',
      'Streamable HTTP',
      '`@intake/sdk`',
      'Idempotency-Key',
      'portal_url',
      'GET /v1/intakes/{id}/status',
      'POST /v1/intakes/{id}/items/{key}/approve',
      'GET /v1/intakes/{id}/results',
      'Retry-After',
      '`request_id`',
      '`reason`',
      '`details`',
      'X-RateLimit-Remaining',
    ]) {
      expect([phrase, guide.includes(phrase)]).toEqual([phrase, true]);
    }
    // The plans' hourly limits and polling intervals, as GET /pricing.json states them.
    const pricing = (await api.client.request({ method: 'GET', url: '/pricing.json' })).json<{
      plans: Array<{ name: string; requests_per_hour: number; recommended_poll_interval_seconds: number }>;
    }>();
    for (const plan of pricing.plans) {
      expect(guide).toContain(
        `| ${plan.name} | ${plan.requests_per_hour} | once per ${plan.recommended_poll_interval_seconds} s |`,
      );
    }
  });

  it('is in the OpenAPI document as a public operation answering text/markdown', () => {
    const operation = document.paths['/llms.txt']?.['get'] as Operation;
    expect(operation['x-access']).toEqual({ public: true });
    expect(operation.security).toEqual([]);
    expect(operation['responses']).toMatchObject({
      '200': { content: { 'text/markdown': { schema: { type: 'string' } } } },
    });
  });
});
