import { useApi, type Owner } from './api-test-app';

const INTAKE = {
  project_name: 'Site',
  client: { email: 'jan@client.example', name: 'Jan' },
  items: [{ key: 'about', type: 'text', label: 'About' }],
};

/**
 * Mass assignment: a field the request type does not name (the account, a status, a mode, an id,
 * a plan, a role, a slug, a timestamp) is refused with 422 naming it, never stored. The global
 * pipe whitelists DTO fields; item definitions are parsed field by field by the domain.
 */
describe('fields a caller may not set (real Postgres)', () => {
  const api = useApi();
  let owner: Owner;
  let other: Owner;
  let intakeId: string;
  let slug: string;

  beforeAll(async () => {
    owner = await api.owner();
    other = await api.owner();
    const created = await api.client.asKey(owner.key, { method: 'POST', url: '/v1/intakes', payload: INTAKE });
    expect(created.statusCode).toBe(201);
    intakeId = created.json().intake_id as string;
    slug = (created.json().portal_url as string).split('/').pop() as string;
  });

  const cases: Array<[string, 'POST' | 'PATCH' | 'PUT', () => string, () => object, string, string]> = [
    [
      'an intake for another account',
      'POST',
      () => '/v1/intakes',
      () => ({ ...INTAKE, account_id: other.accountId }),
      'account_id',
      'is not an accepted field',
    ],
    [
      'a completed intake',
      'POST',
      () => '/v1/intakes',
      () => ({ ...INTAKE, status: 'completed' }),
      'status',
      'is not an accepted field',
    ],
    [
      'a test-mode intake with a live key',
      'POST',
      () => '/v1/intakes',
      () => ({ ...INTAKE, mode: 'test' }),
      'mode',
      'is not an accepted field',
    ],
    [
      'a chosen id and slug',
      'POST',
      () => '/v1/intakes',
      () => ({ ...INTAKE, id: 'in_AAAAAAAAAAAAAAAAAAAAAA', slug: 'A'.repeat(22) }),
      'id',
      'is not an accepted field',
    ],
    [
      'an approved item',
      'POST',
      () => '/v1/intakes',
      () => ({ ...INTAKE, items: [{ ...INTAKE.items[0], status: 'approved', value: 'x' }] }),
      'items[0].status',
      'is not a known field',
    ],
    [
      'a status change by PATCH',
      'PATCH',
      () => `/v1/intakes/${intakeId}`,
      () => ({ status: 'completed', completed_at: '2026-01-01T00:00:00Z' }),
      'status',
      'is not an accepted field',
    ],
    [
      'a move to another account',
      'PATCH',
      () => `/v1/intakes/${intakeId}`,
      () => ({ account_id: other.accountId }),
      'account_id',
      'is not an accepted field',
    ],
    [
      'an item’s status by PATCH',
      'PATCH',
      () => `/v1/intakes/${intakeId}/items/about`,
      () => ({ status: 'approved' }),
      'status',
      'is not an accepted field',
    ],
    ['a plan', 'PATCH', () => '/v1/account', () => ({ plan: 'agency' }), 'plan', 'is not an accepted field'],
    [
      'a key for another account',
      'POST',
      () => '/v1/keys',
      () => ({ name: 'k', scopes: ['admin'], account_id: other.accountId }),
      'account_id',
      'is not an accepted field',
    ],
    [
      'an owner invitation',
      'POST',
      () => '/v1/team/invitations',
      () => ({ email: 'petr@studio.example', name: 'Petr', role: 'owner' }),
      'role',
      'is not an accepted field',
    ],
    [
      'a webhook’s own secret',
      'POST',
      () => '/v1/webhooks',
      () => ({ url: 'https://hooks.example.com/x', events: ['item.submitted'], secret: 'whsec_mine' }),
      'secret',
      'is not an accepted field',
    ],
    [
      'a folder for another account',
      'POST',
      () => '/v1/folders',
      () => ({ name: 'F', account_id: other.accountId }),
      'account_id',
      'is not an accepted field',
    ],
  ];

  it.each(cases)('refuses %s with 422 naming the field', async (_what, method, url, payload, path, message) => {
    const response = await api.client.asSession(owner.session, { method, url: url(), payload: payload() });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'unprocessable', reason: 'validation_failed' });
    expect(response.json().details).toContainEqual({ path, message });
  });

  it('refuses a client setting an item’s status or an intake’s through the portal', async () => {
    const response = await api.client.request({
      method: 'PUT',
      url: `/portal/v1/${slug}/items/about`,
      payload: { value: 'We bake', status: 'approved' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().details).toContainEqual({ path: 'status', message: 'is not an accepted field' });
  });

  it.each([
    ['__proto__', `{"__proto__":{"admin":true},"project_name":"Site"}`],
    ['constructor.prototype', `{"constructor":{"prototype":{"admin":true}},"project_name":"Site"}`],
  ])('refuses a body carrying %s as malformed JSON (no prototype pollution)', async (_what, body) => {
    const response = await api.client.asKey(owner.key, {
      method: 'POST',
      url: '/v1/intakes',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request', reason: 'malformed_json' });
    expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
  });

  it('stored none of it', async () => {
    const { rows } = await api.db.query(
      `SELECT (SELECT count(*)::int FROM intakes WHERE account_id = $2) AS other_intakes,
              (SELECT status FROM intakes WHERE id = $3) AS status,
              (SELECT plan FROM accounts WHERE id = $1) AS plan,
              (SELECT count(*)::int FROM intakes WHERE account_id = $1) AS own_intakes,
              (SELECT count(*)::int FROM api_keys WHERE account_id = $2) AS other_keys`,
      [owner.accountId, other.accountId, intakeId],
    );
    expect(rows[0]).toEqual({ other_intakes: 0, status: 'sent', plan: 'free', own_intakes: 1, other_keys: 1 });
  });
});
