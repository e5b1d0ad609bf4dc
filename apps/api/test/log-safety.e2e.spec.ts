import { useApi, type Owner } from './api-test-app';

/**
 * What a request can put in the api's log: nothing that forges a line, and none of the
 * credentials it carries (API key, session and CSRF cookies, a portal slug, a URL signature).
 */
describe('log lines of real requests (real Postgres and Redis)', () => {
  const api = useApi();
  let owner: Owner;
  let slug: string;
  let portalPath: string;

  beforeAll(async () => {
    owner = await api.owner();
    const created = await api.client.asKey(owner.key, {
      method: 'POST',
      url: '/v1/intakes',
      payload: {
        project_name: 'Site',
        client: { email: 'jan@client.example', name: 'Jan' },
        items: [{ key: 'about', type: 'text', label: 'About' }],
      },
    });
    expect(created.statusCode).toBe(201);
    const portalUrl = new URL(created.json().portal_url as string);
    portalPath = portalUrl.pathname;
    slug = portalPath.split('/').pop() as string;
  });

  const forged = '\n{"level":60,"msg":"forged","request_id":"req_forged"}\r\n';

  it('writes each request as JSON lines of its own, by its route: no user text, so no forged line', async () => {
    const before = api.t.logs.lines.length;
    const response = await api.client.asKey(owner.key, {
      method: 'GET',
      url: `/v1/intakes?q=${encodeURIComponent(forged)}`,
      headers: { 'user-agent': 'x"}{"level":60' },
    });
    expect(response.statusCode).toBe(200);
    const lines = api.t.logs.lines.slice(before);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // Fastify's two lines (incoming, completed), both of this request; no forged one.
    expect(records.map((r) => r['msg'])).toEqual(['incoming request', 'request completed']);
    for (const record of records) {
      expect(record['request_id']).toBe(response.headers['x-request-id']);
      expect(record['level']).toBe(30);
    }
    // The route's pattern, not the URL: the search text (personal data) is not logged at all.
    expect(records[0]?.['req']).toMatchObject({ method: 'GET', route: '/v1/intakes' });
    expect(lines.join('\n')).not.toContain('forged');
  });

  it('never writes the API key, the session or CSRF cookie, a portal slug or a URL signature', async () => {
    const before = api.t.logs.lines.length;
    const calls = [
      await api.client.asSession(owner.session, { method: 'PATCH', url: '/v1/account', payload: { name: 'Studio' } }),
      await api.client.asKey(owner.key, { method: 'GET', url: '/v1/account' }),
      await api.client.request({ method: 'GET', url: `/portal/v1/${slug}` }),
      await api.client.request({
        method: 'PUT',
        url: `/portal/v1/${slug}/items/about`,
        payload: { value: forged.trim() },
      }),
      await api.client.request({ method: 'GET', url: portalPath }),
      await api.client.request({
        method: 'GET',
        url: '/v1/files/signed?key=k&expires=1&filename=a.pdf&type=&sig=Zm9yZ2VkLXNpZ25hdHVyZQ',
      }),
    ];
    expect(calls.map((c) => c.statusCode)).toEqual([200, 200, 200, 200, 200, 403]);
    const text = api.t.logs.lines.slice(before).join('\n');
    expect(text).toContain(`"route":"/portal/v1/:slug"`);
    expect(text).toContain(`"route":"/portal/v1/:slug/items/:key"`);
    expect(text).not.toContain('"url"');
    for (const secret of [owner.key, owner.session.sid, owner.session.csrf, slug, 'Zm9yZ2VkLXNpZ25hdHVyZQ']) {
      expect(text).not.toContain(secret);
    }
    // The client's answer (a body, here a single-line text item's) is not logged at all.
    expect(text).not.toContain('forged');
  });
});
