import { createHash } from 'node:crypto';
import { Script } from 'node:vm';
import { PORTAL_SCRIPT_FILE } from '../src/app/portal-page/portal-page.html';
import { CATALOGUES } from '@intake/portal-web';
import { startApi, useApi } from './api-test-app';

const ITEMS = [
  { key: 'about', type: 'longtext', label: 'About you' },
  { key: 'logo', type: 'image', label: 'Logo', required: false },
];

const messagesOf = (html: string) => {
  const match = /<script type="application\/json" id="messages">(.*?)<\/script>/s.exec(html);
  return match ? JSON.parse(match[1] as string) : undefined;
};

describe('portal page (real Postgres and Redis)', () => {
  const api = useApi();
  let key: string;

  beforeAll(async () => {
    // PORTAL_URL left at its default, http://127.0.0.1:3000/p.
    const owner = await api.client.owner();
    await api.db.query(`UPDATE accounts SET plan = 'agency' WHERE id = $1`, [owner.accountId]);
    key = (await api.client.createKey(owner.session, ['admin'])).key;
  });

  const newIntake = async (overrides: { client?: object; [field: string]: unknown } = {}) => {
    const response = await api.client.asKey(key, {
      method: 'POST',
      url: '/v1/intakes',
      payload: {
        project_name: 'Bakery site',
        client_brief: 'Hi Anna!',
        items: ITEMS,
        ...overrides,
        client: { email: 'anna@bakery.example', name: 'Anna', ...overrides.client },
      },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    return { id: created.intake_id as string, url: created.portal_url as string };
  };
  const get = (url: string) => api.client.request({ method: 'GET', url });
  const pathOf = (url: string) => new URL(url).pathname;

  it.each(['de', 'cs'] as const)(
    'serves the page in the client’s language (%s) with its catalogue',
    async (language) => {
      const { url } = await newIntake({ client: { language } });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/p\/[A-Za-z0-9_-]{22}$/);
      const response = await get(pathOf(url));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toMatch(new RegExp(`^<!doctype html><html lang="${language}">`));
      expect(messagesOf(response.body)).toEqual(CATALOGUES[language]);
      expect(response.body).toContain(`<title>${CATALOGUES[language].portal_name}</title>`);
      expect(response.body).toContain(`<script src="/p/assets/${PORTAL_SCRIPT_FILE}"></script>`);
    },
  );

  it('sends a strict CSP that allows its own inline style, no-store and no referrer', async () => {
    const { url } = await newIntake();
    const response = await get(pathOf(url));
    expect(response.headers).toMatchObject({
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'x-robots-tag': 'noindex, nofollow',
    });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'self'",
    ]) {
      expect(csp.split('; ')).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    const style = /<style>(.*)<\/style>/s.exec(response.body)?.[1] ?? '';
    expect(style.length).toBeGreaterThan(1000);
    expect(csp).toContain(`style-src 'self' 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    // The only scripts: the catalogue (data, never run) and the same-origin file.
    expect(response.body.match(/<script/g)).toHaveLength(2);
  });

  it('counts loading the page as the client’s view', async () => {
    const { url, id } = await newIntake();
    await get(pathOf(url));
    const status = (await api.client.asKey(key, { method: 'GET', url: `/v1/intakes/${id}/status` })).json();
    expect(status.client_last_seen).toEqual(expect.any(String));
  });

  it('serves the script under its content hash, cached for good; any other name is 404', async () => {
    const response = await get(`/p/assets/${PORTAL_SCRIPT_FILE}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(() => new Script(response.body)).not.toThrow();
    const hash = createHash('sha256').update(response.body).digest('hex');
    expect(PORTAL_SCRIPT_FILE).toBe(`portal.${hash.slice(0, 16)}.js`);
    for (const wrong of ['portal.0000000000000000.js', 'portal.js', PORTAL_SCRIPT_FILE.toUpperCase()]) {
      expect([wrong, (await get(`/p/assets/${wrong}`)).statusCode]).toEqual([wrong, 404]);
    }
  });

  it('answers an unknown, malformed, draft or deleted link with one 404 page', async () => {
    const draft = await newIntake({ send: false });
    const deleted = await newIntake();
    await api.client.asKey(key, { method: 'DELETE', url: `/v1/intakes/${deleted.id}` });
    const bodies = new Set<string>();
    for (const path of [
      '/p/' + 'A'.repeat(22),
      '/p/short',
      '/p/%3Cscript%3E',
      pathOf(draft.url),
      pathOf(deleted.url),
    ]) {
      const response = await get(path);
      expect([path, response.statusCode]).toEqual([path, 404]);
      expect(response.headers).toMatchObject({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      });
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      bodies.add(response.body);
    }
    expect(bodies.size).toBe(1);
    const [body] = [...bodies];
    expect(body).toContain('<html lang="en">');
    expect(body).toContain('This link does not work');
    expect(body).not.toContain('<script');
  });

  it('puts nothing from the intake into the HTML: a hostile project name stays in the API', async () => {
    const hostile = '<script>alert(1)</script>';
    const { url } = await newIntake({
      project_name: hostile,
      client_brief: `</script>${hostile}`,
      client: { name: `"><img src=x onerror=alert(1)>` },
    });
    const response = await get(pathOf(url));
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('alert(1)');
    expect(response.body).not.toContain('onerror');
    expect(response.body.match(/<script/g)).toHaveLength(2);
    // The page's JavaScript reads it from the API and writes it as text.
    const view = (await get(`/portal/v1/${pathOf(url).split('/').pop()}`)).json();
    expect(view.project_name).toBe(hostile);
  });

  it('is HTML for people, not part of the OpenAPI document', async () => {
    const document = (await get('/v1/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/p/'))).toEqual([]);
    expect(api.t.routes.filter((route) => route.url.startsWith('/p/')).map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /p/assets/:file', 'GET /p/:slug']),
    );
  });

  it('follows the path of the configured PORTAL_URL', async () => {
    const other = await startApi({
      ...api.environment.env,
      PORTAL_URL: 'https://portal.example/client-portal/',
    });
    try {
      const { url } = await newIntake();
      const slug = pathOf(url).split('/').pop() as string;
      const page = await other.app.inject({ method: 'GET', url: `/client-portal/${slug}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<script src="/client-portal/assets/${PORTAL_SCRIPT_FILE}"></script>`);
      expect(
        (await other.app.inject({ method: 'GET', url: `/client-portal/assets/${PORTAL_SCRIPT_FILE}` })).statusCode,
      ).toBe(200);
      // The old path is no longer the portal page: a 404, or (when the dashboard is built and
      // served at the root) the dashboard's page, which routes an unknown path to its own not-found.
      const old = await other.app.inject({ method: 'GET', url: `/p/${slug}` });
      expect(old.body).not.toContain(PORTAL_SCRIPT_FILE);
      if (old.statusCode !== 404) expect(old.body).toContain('<div id="root"></div>');
    } finally {
      await other.close();
    }
  });
});
