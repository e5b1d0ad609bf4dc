import { useApi } from './api-test-app';

/** Every intake endpoint, with a valid body, so that only access can refuse it. */
const ENDPOINTS = (id: string): Array<[method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object]> => [
  ['GET', `/v1/intakes/${id}`],
  ['GET', `/v1/intakes/${id}/status`],
  ['PATCH', `/v1/intakes/${id}`, { owner_note: 'x' }],
  ['POST', `/v1/intakes/${id}/send`],
  ['POST', `/v1/intakes/${id}/archive`],
  ['POST', `/v1/intakes/${id}/items`, { items: [{ key: 'extra', type: 'text', label: 'Extra' }] }],
  ['POST', `/v1/intakes/${id}/items/about/approve`, {}],
  ['PATCH', `/v1/intakes/${id}/items/about`, { label: 'New' }],
  ['POST', `/v1/intakes/${id}/revision`, { item_key: 'about', note: 'n' }],
  ['POST', `/v1/intakes/${id}/items/task/done`, {}],
  ['POST', `/v1/intakes/${id}/items/about/received-outside`, {}],
  ['DELETE', `/v1/intakes/${id}/items/about/received-outside`],
  ['POST', `/v1/intakes/${id}/items/about/waive`, {}],
  ['POST', `/v1/intakes/${id}/items/about/waive/decision`, { accept: true }],
  ['DELETE', `/v1/intakes/${id}/items/about/waive`],
  ['POST', `/v1/intakes/${id}/recipients`, { email: 'x@client.example' }],
  ['DELETE', `/v1/intakes/${id}/recipients/${encodeURIComponent('x@client.example')}`],
  ['POST', `/v1/intakes/${id}/recipients/${encodeURIComponent('jan@client.example')}/reinstate`],
  ['DELETE', `/v1/intakes/${id}`],
];

describe('intake endpoints refuse other accounts, other modes and missing scopes', () => {
  const api = useApi();
  let id: string;
  let otherAccount: string;
  let testKey: string;
  let noScope: string;
  let owner: string;

  beforeAll(async () => {
    const a = await api.client.owner();
    const b = await api.client.owner();
    await api.db.query(`UPDATE accounts SET plan = 'agency'`);
    owner = (await api.client.createKey(a.session, ['admin'])).key;
    testKey = (await api.client.createKey(a.session, ['admin'], 'test')).key;
    noScope = (await api.client.createKey(a.session, ['secrets:read'])).key;
    otherAccount = (await api.client.createKey(b.session, ['admin'])).key;
    const created = await api.client.asKey(owner, {
      method: 'POST',
      url: '/v1/intakes',
      payload: {
        project_name: 'P',
        client: { email: 'jan@client.example', name: 'Jan' },
        items: [
          { key: 'about', type: 'text', label: 'About' },
          { key: 'task', type: 'text', label: 'Task', assignee: 'owner' },
        ],
      },
    });
    id = created.json().intake_id;
  });

  it.each([
    ['another account’s key', 404, () => otherAccount],
    ['a test key on a live intake', 404, () => testKey],
    ['a key without the needed scope', 403, () => noScope],
  ])('%s gets %i everywhere', async (_who, status, key) => {
    for (const [method, url, payload] of ENDPOINTS(id)) {
      const response = await api.client.asKey(key(), { method, url, payload });
      expect([method, url, response.statusCode]).toEqual([method, url, status]);
      expect(response.json().error).toBe(status === 404 ? 'not_found' : 'forbidden');
    }
    // Nothing was changed by any of those calls.
    const detail = (await api.client.asKey(owner, { method: 'GET', url: `/v1/intakes/${id}` })).json();
    expect(detail.intake).toMatchObject({ status: 'sent', owner_note: null });
    expect(detail.items.map((i: { key: string }) => i.key)).toEqual(['about', 'task']);
  });

  it('keeps Idempotency-Keys apart by account: the same key in another account makes its own intake', async () => {
    const body = {
      project_name: 'Same key',
      client: { email: 'eva@client.example', name: 'Eva' },
      items: [{ key: 'about', type: 'text', label: 'About' }],
      send: false,
    };
    const headers = { 'idempotency-key': 'order-42' };
    const mine = await api.client.asKey(owner, { method: 'POST', url: '/v1/intakes', payload: body, headers });
    const theirs = await api.client.asKey(otherAccount, { method: 'POST', url: '/v1/intakes', payload: body, headers });
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json().intake_id).not.toBe(mine.json().intake_id);
    // A replay stays in its own account.
    const again = await api.client.asKey(otherAccount, { method: 'POST', url: '/v1/intakes', payload: body, headers });
    expect([again.statusCode, again.json().intake_id]).toEqual([200, theirs.json().intake_id]);
  });
});
