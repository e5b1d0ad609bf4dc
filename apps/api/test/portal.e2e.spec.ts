import { useApi } from './api-test-app';

const ITEMS = [
  { key: 'about', type: 'longtext', label: 'About you', constraints: { max_chars: 100 } },
  { key: 'email', type: 'email', label: 'Billing e-mail' },
  { key: 'extras', type: 'text', label: 'Anything else?', required: false },
  { key: 'logo', type: 'image', label: 'Logo', required: false },
  { key: 'password', type: 'secret', label: 'Hosting password', required: false },
  { key: 'invoice', type: 'text', label: 'Send invoice', assignee: 'owner' },
];

describe('portal API (real Postgres and Redis)', () => {
  const api = useApi({ TEST_CLOCK: 'enabled', PORTAL_URL: 'https://portal.example/p' });
  let key: string;

  beforeAll(async () => {
    const owner = await api.client.owner();
    await api.db.query(`UPDATE accounts SET plan = 'agency' WHERE id = $1`, [owner.accountId]);
    key = (await api.client.createKey(owner.session, ['admin'])).key;
  });

  const newIntake = async (overrides: object = {}) => {
    const created = (
      await api.client.asKey(key, {
        method: 'POST',
        url: '/v1/intakes',
        payload: {
          project_name: 'Bakery site',
          client: { email: 'anna@bakery.example', name: 'Anna' },
          client_brief: 'Hi Anna!',
          items: ITEMS,
          ...overrides,
        },
      })
    ).json();
    return { id: created.intake_id as string, slug: (created.portal_url as string).split('/').pop() as string };
  };
  const portal = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    api.client.request({ method, url: `/portal/v1/${url}`, payload });
  const events = async (id: string) =>
    (
      await api.db.query(
        `SELECT payload->'payload' AS p FROM outbox_messages WHERE payload->'payload'->>'intake_id' = $1 ORDER BY id`,
        [id],
      )
    ).rows.map((r) => r.p);

  it('shows the client their items only, with the brief, and never owner items or notes', async () => {
    const { slug, id } = await newIntake();
    await api.client.asKey(key, { method: 'PATCH', url: `/v1/intakes/${id}`, payload: { owner_note: 'VIP client' } });
    const response = await portal('GET', slug);
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view).toMatchObject({
      project_name: 'Bakery site',
      status: 'sent',
      language: 'en',
      client_brief: 'Hi Anna!',
      brief_files: [],
      due_date: null,
    });
    expect(view.items.map((i: { key: string }) => i.key)).toEqual(['about', 'email', 'extras', 'logo', 'password']);
    expect(view.items[0]).toMatchObject({
      type: 'longtext',
      label: 'About you',
      status: 'pending',
      constraints: { max_chars: 100 },
      waiver: { state: 'none' },
    });
    expect(response.body).not.toContain('VIP client');
    expect(response.body).not.toContain('invoice');
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('an unknown, malformed, draft or deleted link is the same 404', async () => {
    const draft = await newIntake({ send: false });
    const deleted = await newIntake();
    await api.client.asKey(key, { method: 'DELETE', url: `/v1/intakes/${deleted.id}` });
    const bodies = [];
    for (const slug of ['A'.repeat(22), 'short', draft.slug, deleted.slug]) {
      const response = await portal('GET', slug);
      expect([slug, response.statusCode]).toEqual([slug, 404]);
      bodies.push({ ...response.json(), request_id: undefined });
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ error: 'not_found', message: 'No such portal link.' });
  });

  it('client.viewed fires once per hour of views and sets client_last_seen', async () => {
    await api.client.request({ method: 'POST', url: '/_test/clock', payload: { now: '2030-05-01T10:00:00Z' } });
    const { slug, id } = await newIntake();
    await portal('GET', slug);
    await portal('GET', slug);
    expect((await events(id)).filter((e) => e.event === 'client.viewed')).toEqual([
      { event: 'client.viewed', intake_id: id, slug, project_name: 'Bakery site' },
    ]);
    const status = (await api.client.asKey(key, { method: 'GET', url: `/v1/intakes/${id}/status` })).json();
    expect(status.client_last_seen).toMatch(/^2030-05-01T10:00/);
    await api.client.request({ method: 'POST', url: '/_test/clock', payload: { advance_seconds: 3600 } });
    await portal('GET', slug);
    expect((await events(id)).filter((e) => e.event === 'client.viewed')).toHaveLength(2);
  });

  it('submissions: validated, item.submitted per item, sent → in_progress → completed with intake.completed', async () => {
    const { slug, id } = await newIntake();
    const invalid = await portal('PUT', `${slug}/items/about`, { value: 'x'.repeat(101) });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({
      error: 'unprocessable',
      reason: 'validation_failed',
      details: [{ path: 'value' }],
    });
    expect((await portal('PUT', `${slug}/items/email`, { value: 'not an address' })).statusCode).toBe(422);
    expect((await portal('PUT', `${slug}/items/logo`, { value: 'logo.png' })).statusCode).toBe(422);
    expect((await portal('PUT', `${slug}/items/invoice`, { value: 'x' })).statusCode).toBe(404);
    expect((await portal('PUT', `${slug}/items/nope`, { value: 'x' })).statusCode).toBe(404);
    expect((await portal('PUT', `${slug}/items/about`, {})).statusCode).toBe(422);

    const first = await portal('PUT', `${slug}/items/about`, { value: 'We bake sourdough.' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'in_progress',
      progress: { submitted: 1, total: 2, outstanding: 1, percent: 50 },
    });
    expect(first.json().items[0]).toMatchObject({
      key: 'about',
      status: 'submitted',
      value: 'We bake sourdough.',
      submitted_at: expect.any(String),
    });

    const done = await portal('PUT', `${slug}/items/email`, { value: 'billing@bakery.example' });
    expect(done.json()).toMatchObject({ status: 'completed', progress: { percent: 100 } });
    const fired = await events(id);
    expect(fired).toEqual([
      {
        event: 'item.submitted',
        intake_id: id,
        project_name: 'Bakery site',
        item_key: 'about',
        item_label: 'About you',
        item_type: 'longtext',
        timestamp: expect.any(Number),
      },
      {
        event: 'item.submitted',
        intake_id: id,
        project_name: 'Bakery site',
        item_key: 'email',
        item_label: 'Billing e-mail',
        item_type: 'email',
        timestamp: expect.any(Number),
      },
      { event: 'intake.completed', intake_id: id, project_name: 'Bakery site', timestamp: expect.any(Number) },
    ]);
    expect(JSON.stringify(fired)).not.toContain('anna@bakery.example');
    const owner = (await api.client.asKey(key, { method: 'GET', url: `/v1/intakes/${id}` })).json();
    expect(owner.intake).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
    const audit = (
      await api.db.query(
        `SELECT actor_type FROM audit_entries WHERE action = 'item.submitted' AND summary->>'intake_id' = $1`,
        [id],
      )
    ).rows;
    expect(audit).toEqual([{ actor_type: 'client' }, { actor_type: 'client' }]);
  });

  it('a secret is never sent back to the portal', async () => {
    const { slug } = await newIntake();
    const response = await portal('PUT', `${slug}/items/password`, { value: 'hunter2-very-secret' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('hunter2-very-secret');
    expect(response.json().items.find((i: { key: string }) => i.key === 'password')).toMatchObject({
      value: null,
      answered: true,
      status: 'submitted',
    });
    expect((await portal('GET', slug)).body).not.toContain('hunter2-very-secret');
  });

  it('revision notes are shown; a re-submission returns the item to submitted', async () => {
    const { slug, id } = await newIntake();
    await portal('PUT', `${slug}/items/about`, { value: 'Short.' });
    await api.client.asKey(key, {
      method: 'POST',
      url: `/v1/intakes/${id}/revision`,
      payload: { item_key: 'about', note: 'A bit longer, please.' },
    });
    const view = (await portal('GET', slug)).json();
    expect(view.items[0]).toMatchObject({ status: 'needs_revision', revision_note: 'A bit longer, please.' });
    const again = await portal('PUT', `${slug}/items/about`, { value: 'We bake sourdough every morning.' });
    expect(again.json().items[0]).toMatchObject({ status: 'submitted', revision_note: null });
  });

  it('waiver proposals and notes reach the owner', async () => {
    const { slug, id } = await newIntake();
    const proposed = await portal('POST', `${slug}/items/email/waiver`, { reason: 'We pay by card.' });
    expect(proposed.statusCode).toBe(200);
    expect(proposed.json().items[1].waiver).toEqual({ state: 'pending', reason: 'We pay by card.' });
    expect((await portal('POST', `${slug}/items/email/waiver`, { reason: '' })).statusCode).toBe(422);
    expect((await portal('PUT', `${slug}/items/about/note`, { note: 'Draft attached later' })).statusCode).toBe(200);
    const owner = (await api.client.asKey(key, { method: 'GET', url: `/v1/intakes/${id}` })).json();
    expect(owner.items.find((i: { key: string }) => i.key === 'email').waiver).toMatchObject({
      state: 'pending',
      requested_by: 'client',
      reason: 'We pay by card.',
    });
    expect(owner.items.find((i: { key: string }) => i.key === 'about').client_note).toBe('Draft attached later');
    const accepted = await api.client.asKey(key, {
      method: 'POST',
      url: `/v1/intakes/${id}/items/email/waive/decision`,
      payload: { accept: true },
    });
    expect(accepted.json().item.status).toBe('waived');
  });

  it('an archived intake stays readable but refuses every write with 409 intake_archived', async () => {
    const { slug, id } = await newIntake();
    await api.client.asKey(key, { method: 'POST', url: `/v1/intakes/${id}/archive` });
    expect((await portal('GET', slug)).json().status).toBe('archived');
    for (const [method, url, payload] of [
      ['PUT', `${slug}/items/about`, { value: 'x' }],
      ['POST', `${slug}/items/about/waiver`, { reason: 'r' }],
      ['PUT', `${slug}/items/about/note`, { note: 'n' }],
    ] as const) {
      const response = await portal(method, url, payload);
      expect([url, response.statusCode, response.json().reason]).toEqual([url, 409, 'intake_archived']);
    }
  });

  it('keeps a structured item’s properties in the order the owner wrote them (the form follows it)', async () => {
    const properties = { street: { type: 'string' }, city: { type: 'string' }, zip: { type: 'string' } };
    const { slug } = await newIntake({
      items: [{ key: 'address', type: 'structured', label: 'Address', schema: { type: 'object', properties } }],
    });
    const view = (await portal('GET', slug)).json();
    expect(Object.keys(view.items[0].schema.properties)).toEqual(['street', 'city', 'zip']);
  });
});
