import type { LightMyRequestResponse } from 'fastify';
import { HSTS } from '@intake/http';
import { PORTAL_SCRIPT_FILE } from '../src/app/portal-page/portal-page.html';
import { type Api, type Owner, useApi } from './api-test-app';
import { PASSWORD } from './accounts-client';

/**
 * The security headers (issue #28) on answers of every kind, the session cookies' Secure flag, and
 * Strict-Transport-Security, over http and over https (PUBLIC_BASE_URL). The fuzzer checks nosniff,
 * no referrer and no-store on every answer of every operation of the document (fuzz/oracle.ts);
 * this file covers what is outside the document (probes, unknown routes, the router's refusals,
 * the portal page and its script) and what depends on the configuration.
 */

type Response = LightMyRequestResponse;

/** Every kind of answer the edge gives, whatever route: successes, each error status, refusals before routing. */
async function answersOfEveryKind(api: Api, owner: Owner): Promise<Array<[string, Response]>> {
  const request = api.client.request.bind(api.client);
  const answers: Array<[string, Promise<Response>]> = [
    ['GET /healthz', request({ method: 'GET', url: '/healthz' })],
    ['GET /readyz', request({ method: 'GET', url: '/readyz' })],
    ['GET /v1/openapi.json', request({ method: 'GET', url: '/v1/openapi.json' })],
    ['GET /pricing.json', request({ method: 'GET', url: '/pricing.json' })],
    ['404 unknown route', request({ method: 'GET', url: '/v1/no-such-route' })],
    ['404 wrong method', request({ method: 'PUT', url: '/v1/intakes' })],
    ['404 refused by the router', request({ method: 'GET', url: '/v1/intakes/%zz' })],
    ['401 without credentials', request({ method: 'GET', url: '/v1/intakes' })],
    [
      '415 text/plain where JSON is expected',
      api.client.asKey(owner.key, {
        method: 'POST',
        url: '/v1/intakes',
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      }),
    ],
    [
      '422 body over the limit (Fastify’s 413)',
      api.client.asKey(owner.key, {
        method: 'POST',
        url: '/v1/intakes',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ project_name: 'x'.repeat(4096) }),
      }),
    ],
    [
      '503 mail events disabled',
      request({ method: 'POST', url: '/v1/provider/mail-events', payload: { notificationType: 'Bounce' } }),
    ],
    ['200 with an API key', api.client.asKey(owner.key, { method: 'GET', url: '/v1/intakes' })],
    ['200 with a session', api.client.asSession(owner.session, { method: 'GET', url: '/v1/auth/me' })],
  ];
  const settled = await Promise.all(answers.map(async ([what, answer]) => [what, await answer] as [string, Response]));
  // Six failed log-ins for one address: the sixth is 429 login_throttled.
  let throttled: Response | undefined;
  for (let i = 0; i < 6; i++) {
    throttled = await request({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'nobody@example.test', password: 'wrong password here' },
    });
  }
  settled.push(['429 login throttled', throttled as Response]);
  return settled;
}

const EXPECTED_STATUS: Record<string, number> = {
  'GET /healthz': 200,
  'GET /readyz': 200,
  'GET /v1/openapi.json': 200,
  'GET /pricing.json': 200,
  '404 unknown route': 404,
  '404 wrong method': 404,
  '404 refused by the router': 404,
  '401 without credentials': 401,
  '415 text/plain where JSON is expected': 415,
  '422 body over the limit (Fastify’s 413)': 422,
  '503 mail events disabled': 503,
  '200 with an API key': 200,
  '200 with a session': 200,
  '429 login throttled': 429,
};

const headersOf = (answers: Array<[string, Response]>, names: string[]) =>
  answers.map(([what, response]) => [
    what,
    response.statusCode,
    Object.fromEntries(names.map((name) => [name, response.headers[name]])),
  ]);

const cookieOf = (response: Response, name: string) => {
  const all = [response.headers['set-cookie'] ?? []].flat();
  return all.find((line) => line.startsWith(`${name}=`));
};

describe('security headers over http (PUBLIC_BASE_URL http://…)', () => {
  const api = useApi({ BODY_LIMIT_BYTES: '2048' });
  let owner: Owner;
  beforeAll(async () => {
    owner = await api.owner();
  });

  it('every kind of answer is nosniff, no-store, no referrer, not frameable, and has no HSTS', async () => {
    const answers = await answersOfEveryKind(api, owner);
    expect(answers.map(([what, r]) => [what, r.statusCode])).toEqual(
      answers.map(([what]) => [what, EXPECTED_STATUS[what]]),
    );
    const names = [
      'x-content-type-options',
      'cache-control',
      'referrer-policy',
      'x-frame-options',
      'content-security-policy',
      'strict-transport-security',
    ];
    expect(headersOf(answers, names)).toEqual(
      answers.map(([what, response]) => [
        what,
        response.statusCode,
        {
          'x-content-type-options': 'nosniff',
          'cache-control': 'no-store',
          'referrer-policy': 'no-referrer',
          'x-frame-options': 'DENY',
          'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
          'strict-transport-security': undefined,
        },
      ]),
    );
  });

  it('answers no CORS: no Access-Control-* header, even to a preflight from another origin', async () => {
    const origin = { origin: 'https://evil.example' };
    const preflight = await api.client.request({
      method: 'OPTIONS',
      url: '/v1/intakes',
      headers: { ...origin, 'access-control-request-method': 'POST' },
    });
    const get = await api.client.asKey(owner.key, { method: 'GET', url: '/v1/intakes', headers: origin });
    for (const response of [preflight, get]) {
      expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(preflight.statusCode).toBe(404);
  });

  it('the portal page keeps its own policy; its script is cacheable, but never to credentials', async () => {
    const created = await api.client.asKey(owner.key, {
      method: 'POST',
      url: '/v1/intakes',
      payload: {
        project_name: 'Bakery',
        client: { email: 'anna@bakery.example', name: 'Anna' },
        items: [{ key: 'about', type: 'longtext', label: 'About you' }],
      },
    });
    expect(created.statusCode).toBe(201);
    const page = await api.client.request({ method: 'GET', url: new URL(created.json().portal_url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(
      /^default-src 'self'; script-src 'self'; style-src 'self' 'sha256-/,
    );
    expect(page.headers).toMatchObject({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    // The portal's JSON answers carry the slug's intake: no-store, though they take no credentials.
    const slug = new URL(created.json().portal_url).pathname.split('/').pop() as string;
    const portal = await api.client.request({ method: 'GET', url: `/portal/v1/${slug}` });
    expect([portal.statusCode, portal.headers['cache-control']]).toEqual([200, 'no-store']);

    const script = `/p/assets/${PORTAL_SCRIPT_FILE}`;
    const anonymous = await api.client.request({ method: 'GET', url: script });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(anonymous.headers['x-content-type-options']).toBe('nosniff');
    const withSession = await api.client.asSession(owner.session, { method: 'GET', url: script });
    const withKey = await api.client.asKey(owner.key, { method: 'GET', url: script });
    const withOtherCookie = await api.client.request({ method: 'GET', url: script, headers: { cookie: 'theme=dark' } });
    expect([withSession, withKey, withOtherCookie].map((r) => [r.statusCode, r.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'public, max-age=31536000, immutable'],
    ]);
  });

  it('sets the session cookies without Secure (a browser would never send them back over http)', async () => {
    const login = await api.client.request({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: owner.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    for (const name of ['sid', 'csrf_token']) {
      const cookie = cookieOf(login, name) as string;
      expect([name, /;\s*Secure/i.test(cookie), /;\s*SameSite=Lax/i.test(cookie)]).toEqual([name, false, true]);
    }
    expect(cookieOf(login, 'sid')).toMatch(/;\s*HttpOnly/i);
    expect(cookieOf(login, 'csrf_token')).not.toMatch(/;\s*HttpOnly/i);
  });
});

describe('security headers over https (PUBLIC_BASE_URL https://…)', () => {
  const api = useApi({ BODY_LIMIT_BYTES: '2048', PUBLIC_BASE_URL: 'https://api.intake.example' });
  let owner: Owner;
  beforeAll(async () => {
    owner = await api.owner();
  });

  it('every kind of answer carries Strict-Transport-Security, with the rest', async () => {
    const answers = await answersOfEveryKind(api, owner);
    expect(headersOf(answers, ['strict-transport-security', 'x-content-type-options', 'cache-control'])).toEqual(
      answers.map(([what, response]) => [
        what,
        response.statusCode,
        { 'strict-transport-security': HSTS, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' },
      ]),
    );
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
  });

  it('sets the session cookies Secure, and clears them Secure on logout', async () => {
    const login = await api.client.request({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: owner.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    for (const name of ['sid', 'csrf_token'])
      expect([name, cookieOf(login, name)]).toEqual([name, expect.stringMatching(/;\s*Secure/i)]);
    const sid = login.cookies.find((c) => c.name === 'sid')?.value as string;
    const csrf = login.cookies.find((c) => c.name === 'csrf_token')?.value as string;
    const logout = await api.client.request({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { cookie: `sid=${sid}; csrf_token=${csrf}`, 'x-csrf-token': csrf },
    });
    expect(logout.statusCode).toBe(204);
    for (const name of ['sid', 'csrf_token']) {
      expect([name, cookieOf(logout, name)]).toEqual([name, expect.stringMatching(/;\s*Secure/i)]);
    }
  });
});
