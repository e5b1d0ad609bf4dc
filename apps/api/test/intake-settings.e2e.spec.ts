import { useApi } from './api-test-app';

const ITEMS = [{ key: 'about', type: 'longtext', label: 'About you' }];

describe('intake settings, recipients and clients (real Postgres and Redis)', () => {
  const api = useApi();
  let key: string;
  let testKey: string;

  beforeAll(async () => {
    const owner = await api.client.owner();
    await api.db.query(`UPDATE accounts SET plan = 'agency' WHERE id = $1`, [owner.accountId]);
    key = (await api.client.createKey(owner.session, ['admin'])).key;
    testKey = (await api.client.createKey(owner.session, ['admin'], 'test')).key;
  });

  const call = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object, as = key) =>
    api.client.asKey(as, { method, url, payload });
  const newIntake = async (overrides: object = {}, as = key) =>
    (
      await call(
        'POST',
        '/v1/intakes',
        { project_name: 'Site', client: { email: 'jan@client.example', name: 'Jan' }, items: ITEMS, ...overrides },
        as,
      )
    ).json().intake_id as string;
  const addReminder = (id: string, status: string, attemptNo = 1) =>
    api.db.query(
      `INSERT INTO chases (id, intake_id, channel, kind, status, scheduled_at, attempt_no, created_at) VALUES ($1, $2, 'email', 'reminder', $3, now(), $4, now())`,
      [`chs_test${Math.random().toString(36).slice(2, 14)}`, id, status, attemptNo],
    );

  describe('PATCH /v1/intakes/:id', () => {
    it('changes fields, clears with null, and answers {intake}', async () => {
      const id = await newIntake({ due_date: '2027-01-31', client_brief: 'Brief' });
      const response = await call('PATCH', `/v1/intakes/${id}`, {
        project_name: 'Site v2',
        owner_note: 'VIP',
        client_brief: null,
        due_date: null,
        client: { name: 'Jan N.', phone: '+420601234567', language: 'de', timezone: 'Europe/Berlin' },
        chase_schedule: 'custom',
        chase_interval: 2,
        chase_at_time: '09:30',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().intake).toMatchObject({
        project_name: 'Site v2',
        owner_note: 'VIP',
        client_brief: null,
        due_date: null,
        client: {
          email: 'jan@client.example',
          name: 'Jan N.',
          phone: '+420601234567',
          language: 'de',
          timezone: 'Europe/Berlin',
        },
        chase_schedule: 'custom',
        chase_interval_minutes: 2880,
        chase_at_time: '09:30',
      });
      expect(
        (await call('PATCH', `/v1/intakes/${id}`, { chase_at_time: null })).json().intake.chase_at_time,
      ).toBeNull();
    });

    it.each([
      [{}, 400, 'invalid_request'],
      [{ client: {} }, 400, 'invalid_request'],
      [{ client: { email: 'new@client.example' } }, 422, 'unprocessable'],
      [{ chase_interval: 3 }, 422, 'unprocessable'],
      [{ due_date: 'tomorrow' }, 422, 'unprocessable'],
      [{ folder_id: 'fld_not_mine' }, 400, 'invalid_request'],
    ])('%j → %i %s', async (payload, status, error) => {
      const id = await newIntake();
      const response = await call('PATCH', `/v1/intakes/${id}`, payload);
      expect(response.statusCode).toBe(status);
      expect(response.json().error).toBe(error);
    });

    it('a schedule change on a sent intake re-plans: still-scheduled reminders are cancelled, sent ones stay', async () => {
      const id = await newIntake();
      await addReminder(id, 'sent');
      await addReminder(id, 'scheduled');
      await call('PATCH', `/v1/intakes/${id}`, { chase_schedule: 'gentle' });
      const chases = (await call('GET', `/v1/intakes/${id}/status`)).json().chases;
      // Both pending reminders (the planned one and the one added here) are cancelled, one is planned anew.
      expect(chases.map((c: { kind: string; status: string }) => `${c.kind}:${c.status}`).sort()).toEqual([
        'invite:scheduled',
        'reminder:cancelled',
        'reminder:cancelled',
        'reminder:scheduled',
        'reminder:sent',
      ]);
    });

    it('other changes leave reminders alone; a draft is not re-planned', async () => {
      const id = await newIntake();
      await addReminder(id, 'scheduled');
      await call('PATCH', `/v1/intakes/${id}`, { owner_note: 'x' });
      const chases = (await call('GET', `/v1/intakes/${id}/status`)).json().chases;
      expect(chases.filter((c: { kind: string }) => c.kind === 'reminder')[0].status).toBe('scheduled');
    });

    it('raising max_reminders above the reminders sent clears stalled_at; other changes keep a stalled intake stalled', async () => {
      const id = await newIntake();
      // Reminders sent are counted by their attempt_no, which never resets.
      for (let i = 1; i <= 3; i += 1) await addReminder(id, 'sent', i);
      await api.db.query(`UPDATE intakes SET stalled_at = now() WHERE id = $1`, [id]);
      const unchanged = await call('PATCH', `/v1/intakes/${id}`, { respect_quiet_hours: false });
      expect(unchanged.json().intake.stalled_at).not.toBeNull();
      const same = await call('PATCH', `/v1/intakes/${id}`, { max_reminders: 3 });
      expect(same.json().intake.stalled_at).not.toBeNull();
      const raised = await call('PATCH', `/v1/intakes/${id}`, { max_reminders: 5 });
      expect(raised.json().intake).toMatchObject({ stalled_at: null, max_reminders: 5 });
    });

    it('moves between folders; deleting the folder leaves the intake Unfiled', async () => {
      const folder = (await call('POST', '/v1/folders', { name: `F ${Date.now()}` })).json().folder;
      const id = await newIntake();
      expect((await call('PATCH', `/v1/intakes/${id}`, { folder_id: folder.id })).json().intake.folder_id).toBe(
        folder.id,
      );
      const listed = (await call('GET', '/v1/folders')).json().folders.find((f: { id: string }) => f.id === folder.id);
      expect(listed.intake_count).toBe(1);
      expect((await call('DELETE', `/v1/folders/${folder.id}`)).statusCode).toBe(204);
      expect((await call('GET', `/v1/intakes/${id}`)).json().intake.folder_id).toBeNull();
      await call('PATCH', `/v1/intakes/${id}`, { folder_id: null });
    });

    it('archived: 409 intake_archived', async () => {
      const id = await newIntake();
      await call('POST', `/v1/intakes/${id}/archive`);
      const response = await call('PATCH', `/v1/intakes/${id}`, { owner_note: 'x' });
      expect(response.statusCode).toBe(409);
      expect(response.json().reason).toBe('intake_archived');
    });
  });

  describe('recipients', () => {
    it('adds up to four, refuses duplicates and a fifth, removes, never the client', async () => {
      const id = await newIntake({
        client: { email: 'jan@client.example', name: 'Jan', also_notify: [{ email: 'a@client.example' }] },
      });
      const added = await call('POST', `/v1/intakes/${id}/recipients`, { email: 'b@client.example', name: 'B' });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toEqual({
        intake_id: id,
        also_notify: [
          { email: 'a@client.example', name: null, bounced_at: null },
          { email: 'b@client.example', name: 'B', bounced_at: null },
        ],
      });
      for (const email of ['A@client.example', 'JAN@client.example']) {
        const dup = await call('POST', `/v1/intakes/${id}/recipients`, { email });
        expect([email, dup.statusCode, dup.json().reason]).toEqual([email, 409, 'recipient_exists']);
      }
      await call('POST', `/v1/intakes/${id}/recipients`, { email: 'c@client.example' });
      await call('POST', `/v1/intakes/${id}/recipients`, { email: 'd@client.example' });
      const fifth = await call('POST', `/v1/intakes/${id}/recipients`, { email: 'e@client.example' });
      expect(fifth.statusCode).toBe(422);

      expect(
        (await call('DELETE', `/v1/intakes/${id}/recipients/${encodeURIComponent('b@client.example')}`)).statusCode,
      ).toBe(204);
      const missing = await call('DELETE', `/v1/intakes/${id}/recipients/${encodeURIComponent('b@client.example')}`);
      expect([missing.statusCode, missing.json().reason]).toEqual([404, 'recipient_not_found']);
      const primary = await call('DELETE', `/v1/intakes/${id}/recipients/${encodeURIComponent('jan@client.example')}`);
      expect([primary.statusCode, primary.json().reason]).toEqual([400, 'recipient_is_primary']);
      expect((await call('POST', `/v1/intakes/${id}/recipients`, { email: 'not-an-email' })).statusCode).toBe(422);
    });

    it('an address longer than 100 characters can be removed (the router once refused it: 414)', async () => {
      const id = await newIntake();
      const email = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.example`;
      expect((await call('POST', `/v1/intakes/${id}/recipients`, { email })).statusCode).toBe(201);
      expect((await call('DELETE', `/v1/intakes/${id}/recipients/${encodeURIComponent(email)}`)).statusCode).toBe(204);
    });

    it('reinstate clears a bounce: 404 unknown, 409 not bounced, still_chasing by status', async () => {
      const id = await newIntake({
        client: { email: 'jan@client.example', name: 'Jan', also_notify: [{ email: 'a@client.example' }] },
      });
      const unknown = await call(
        'POST',
        `/v1/intakes/${id}/recipients/${encodeURIComponent('zz@client.example')}/reinstate`,
      );
      expect([unknown.statusCode, unknown.json().reason]).toEqual([404, 'recipient_not_found']);
      const notBounced = await call(
        'POST',
        `/v1/intakes/${id}/recipients/${encodeURIComponent('a@client.example')}/reinstate`,
      );
      expect([notBounced.statusCode, notBounced.json().reason]).toEqual([409, 'recipient_not_bounced']);

      await api.db.query(
        `UPDATE intakes SET client_bounced_at = now(), also_notify = jsonb_set(also_notify, '{0,bounced_at}', to_jsonb(now())) WHERE id = $1`,
        [id],
      );
      const reinstated = await call(
        'POST',
        `/v1/intakes/${id}/recipients/${encodeURIComponent('JAN@client.example')}/reinstate`,
      );
      expect(reinstated.statusCode).toBe(200);
      expect(reinstated.json()).toEqual({ email: 'JAN@client.example', bounced_at: null, still_chasing: true });
      expect((await call('GET', `/v1/intakes/${id}`)).json().intake.client.client_bounced_at).toBeNull();

      await call('PATCH', `/v1/intakes/${id}`, { chase_schedule: 'off' });
      const off = await call(
        'POST',
        `/v1/intakes/${id}/recipients/${encodeURIComponent('a@client.example')}/reinstate`,
      );
      expect(off.json().still_chasing).toBe(false);
    });
  });

  describe('GET /v1/clients', () => {
    it('groups by e-mail case-insensitively, counts, orders, searches and keeps modes apart', async () => {
      const account = await api.client.owner();
      await api.db.query(`UPDATE accounts SET plan = 'agency' WHERE id = $1`, [account.accountId]);
      const k = (await api.client.createKey(account.session, ['admin'])).key;
      const tk = (await api.client.createKey(account.session, ['admin'], 'test')).key;
      await newIntake({ client: { email: 'Anna@Bakery.example', name: 'Anna' } }, k);
      await newIntake(
        { client: { email: 'anna@bakery.example', name: 'Anna Svobodová', timezone: 'Europe/Vienna' } },
        k,
      );
      await newIntake({ client: { email: 'petr@gym.example', name: 'Petr' } }, k);
      await newIntake({ client: { email: 'secret@test.example', name: 'Test only' } }, tk);

      const list = await call('GET', '/v1/clients', undefined, k);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({ total: 2, limit: 20, offset: 0 });
      expect(list.json().clients[0]).toEqual({
        email: 'anna@bakery.example',
        name: 'Anna Svobodová',
        language: 'en',
        phone: null,
        timezone: 'Europe/Vienna',
        folder_id: null,
        last_intake_id: expect.stringMatching(/^in_/),
        last_intake_at: expect.any(String),
        intake_count: 2,
      });
      expect(list.json().clients[1]).toMatchObject({ email: 'petr@gym.example', intake_count: 1 });
      expect(
        (await call('GET', '/v1/clients?q=SVOBOD', undefined, k)).json().clients.map((c: { email: string }) => c.email),
      ).toEqual(['anna@bakery.example']);
      expect((await call('GET', '/v1/clients?limit=1&offset=1', undefined, k)).json()).toMatchObject({
        total: 2,
        clients: [{ email: 'petr@gym.example' }],
      });
      expect((await call('GET', '/v1/clients?offset=10', undefined, k)).json()).toMatchObject({
        total: 2,
        clients: [],
      });
      expect(
        (await call('GET', '/v1/clients', undefined, tk)).json().clients.map((c: { email: string }) => c.email),
      ).toEqual(['secret@test.example']);
      expect((await call('GET', '/v1/clients?q=', undefined, k)).statusCode).toBe(422);
      expect((await api.client.asSession(account.session, { method: 'GET', url: '/v1/clients' })).json().total).toBe(3);
    });
  });

  it('test keys see only their own intakes here too', async () => {
    const id = await newIntake();
    expect((await call('PATCH', `/v1/intakes/${id}`, { owner_note: 'x' }, testKey)).statusCode).toBe(404);
    expect((await call('POST', `/v1/intakes/${id}/recipients`, { email: 'x@y.example' }, testKey)).statusCode).toBe(
      404,
    );
  });
});
