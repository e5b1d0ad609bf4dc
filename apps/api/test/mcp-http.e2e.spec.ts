import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type Owner, useApi } from './api-test-app';
import { agentScenario, call, connectAgent } from './mcp-agent';

/**
 * The MCP server over Streamable HTTP at /mcp on the running api (real Postgres and Redis), used by
 * the official SDK's Client as an agent would.
 */
describe('MCP over Streamable HTTP (/mcp)', () => {
  const api = useApi();
  let baseUrl: string;
  let owner: Owner;

  beforeAll(async () => {
    await api.t.app.listen(0, '127.0.0.1');
    baseUrl = (await api.t.app.getUrl()).replace('[::1]', '127.0.0.1');
    owner = await api.owner({ plan: 'agency', testKey: true });
  });

  const transportFor = (key: string) =>
    new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    });

  agentScenario(() => ({ api, owner, connect: (key) => connectAgent(transportFor(key)) }));

  it('refuses a request without a key with 401 and WWW-Authenticate: Bearer, and a revoked key alike', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
    };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const anonymous = await fetch(new URL('/mcp', baseUrl), {
      method: 'POST',
      headers,
      body: JSON.stringify(initialize),
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await anonymous.json()).toMatchObject({ error: 'unauthorized' });

    const doomed = await api.client.createKey(owner.session, ['admin']);
    const revoked = await api.client.asKey(doomed.key, { method: 'DELETE', url: '/v1/keys/current' });
    expect(revoked.statusCode).toBe(204);
    const refused = await fetch(new URL('/mcp', baseUrl), {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${doomed.key}` },
      body: JSON.stringify(initialize),
    });
    expect(refused.status).toBe(401);
  });

  it('answers as the api does: counted against the hourly limit, with its request id; 405 to GET and DELETE', async () => {
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${owner.key}`,
    };
    const answer = await fetch(new URL('/mcp', baseUrl), {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toMatch(/^req_/);
    expect(answer.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('mcp-session-id')).toBeNull();
    for (const method of ['GET', 'DELETE']) {
      const refused = await fetch(new URL('/mcp', baseUrl), {
        method,
        headers: { accept: 'text/event-stream', authorization: `Bearer ${owner.key}` },
      });
      expect([method, refused.status, refused.headers.get('allow')]).toEqual([method, 405, 'POST']);
    }
  });

  it('works on test intakes with a test key: nothing reaches the client, a live key does not see them', async () => {
    const agent = await connectAgent(transportFor(owner.testKey as string));
    try {
      const tools = (await agent.listTools()).tools;
      expect(tools.find((tool) => tool.name === 'chase_client')?.description).toMatch(/test key/);
      const created = await call(agent, 'create_intake', {
        project_name: 'Trial run',
        client: { email: 'trial@client.example', name: 'Trial' },
        items: [{ key: 'doc', type: 'file', label: 'A document' }],
      });
      const status = await call(agent, 'get_intake_status', { intake_id: created['intake_id'] });
      expect(status['chases']).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: 'invite', status: 'skipped' })]),
      );
      const live = await api.client.asKey(owner.key, {
        method: 'GET',
        url: `/v1/intakes/${created['intake_id'] as string}`,
      });
      expect(live.statusCode).toBe(404);
    } finally {
      await agent.close();
    }
  });

  it('does with the other tools what their routes do: a template, add_items, request_revision, waive_item, mark_received_outside, register_webhook', async () => {
    const agent = await connectAgent(transportFor(owner.key));
    const asOwner = (method: 'GET' | 'POST', url: string, payload?: object) =>
      api.client.asKey(owner.key, { method, url, ...(payload ? { payload } : {}) });
    try {
      const saved = await asOwner('POST', '/v1/templates', {
        name: 'Bakery basics',
        items: [{ key: 'logo', type: 'image', label: 'Logo' }],
      });
      expect(saved.statusCode).toBe(201);
      const slug = saved.json().template.slug as string;
      const templates = await call(agent, 'list_templates');
      expect(templates['templates']).toEqual(
        expect.arrayContaining([expect.objectContaining({ slug, name: 'Bakery basics' })]),
      );

      // From the template: its items first, then the request's.
      const created = await call(agent, 'create_intake', {
        project_name: 'Bakery from a template',
        client: { email: 'olga@bakery.example', name: 'Olga' },
        template: slug,
        items: [{ key: 'about', type: 'text', label: 'About you' }],
      });
      const intakeId = created['intake_id'] as string;
      const portalSlug = (created['portal_url'] as string).split('/').pop() as string;
      expect((created['items'] as Array<{ key: string }>).map((item) => item.key)).toEqual(['logo', 'about']);

      const added = await call(agent, 'add_items', {
        intake_id: intakeId,
        items: [
          { key: 'menu', type: 'file', label: 'Menu' },
          { key: 'hours', type: 'text', label: 'Opening hours' },
        ],
      });
      expect(added).toMatchObject({
        intake_id: intakeId,
        items_added: [
          { key: 'menu', status: 'pending' },
          { key: 'hours', status: 'pending' },
        ],
        client_notified: true,
      });

      const answered = await api.client.request({
        method: 'PUT',
        url: `/portal/v1/${portalSlug}/items/about`,
        payload: { value: 'We bake.' },
      });
      expect(answered.statusCode).toBe(200);
      const revised = await call(agent, 'request_revision', {
        intake_id: intakeId,
        item_key: 'about',
        note: 'Please say what you bake.',
      });
      expect(revised).toMatchObject({ intake_id: intakeId, item_key: 'about', status: 'needs_revision' });

      const waived = await call(agent, 'waive_item', { intake_id: intakeId, item_key: 'menu', reason: 'Not needed' });
      expect(waived['item']).toMatchObject({ key: 'menu', status: 'waived' });

      const outside = await call(agent, 'mark_received_outside', {
        intake_id: intakeId,
        item_key: 'logo',
        note: 'Sent by post',
      });
      expect(outside).toMatchObject({ key: 'logo', received_outside: true, status: 'approved' });

      // What the owner reads over REST is what the tools said.
      const detail = (await asOwner('GET', `/v1/intakes/${intakeId}`)).json();
      const byKey = Object.fromEntries(
        (detail.items as Array<{ key: string; status: string; revision_note?: string | null }>).map((item) => [
          item.key,
          item,
        ]),
      );
      expect(byKey['about']).toMatchObject({ status: 'needs_revision', revision_note: 'Please say what you bake.' });
      expect(byKey['menu']).toMatchObject({ status: 'waived' });
      expect(byKey['logo']).toMatchObject({ status: 'approved' });
      expect(byKey['hours']).toMatchObject({ status: 'pending' });

      const hook = await call(agent, 'register_webhook', {
        url: 'https://hooks.example.com/agent',
        events: ['intake.completed'],
      });
      expect(hook).toMatchObject({ mode: 'live', format: 'raw', events: ['intake.completed'] });
      expect(hook['secret']).toEqual(expect.any(String));
      const listed = (await asOwner('GET', '/v1/webhooks')).json().webhooks as Array<{ id: string }>;
      expect(listed.map((endpoint) => endpoint.id)).toContain(hook['id']);
    } finally {
      await agent.close();
    }
  });
});
