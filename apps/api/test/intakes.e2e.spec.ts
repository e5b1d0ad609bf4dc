import { Readable } from 'node:stream';
import { ObjectStorage } from '@intake/application-files';
import { type Session } from './accounts-client';
import { useApi } from './api-test-app';

const ITEMS = [
  { key: 'logo', type: 'image', label: 'Logo', constraints: { formats: ['png', 'svg'] } },
  { key: 'about', type: 'longtext', label: 'About you', constraints: { max_chars: 2000 } },
  { key: 'style', type: 'select', label: 'Style', assignee: 'owner', options: ['clean', 'bold'] },
];

describe('intakes (real Postgres and Redis)', () => {
  const api = useApi({ PORTAL_URL: 'https://portal.example/p' });
  let owner: { session: Session; accountId: string };
  let live: string;
  let test: string;

  const setPlan = (accountId: string, plan: string) =>
    api.db.query(`UPDATE accounts SET plan = $2 WHERE id = $1`, [accountId, plan]);

  beforeAll(async () => {
    owner = await api.client.owner();
    await setPlan(owner.accountId, 'agency');
    live = (await api.client.createKey(owner.session, ['admin'])).key;
    test = (await api.client.createKey(owner.session, ['admin'], 'test')).key;
  });

  const create = (payload: object, key = live, headers: Record<string, string> = {}) =>
    api.client.asKey(key, { method: 'POST', url: '/v1/intakes', payload, headers });
  const body = (overrides: object = {}) => ({
    project_name: 'New website',
    client: { email: 'jan@client.example', name: 'Jan Novák' },
    items: ITEMS,
    ...overrides,
  });

  describe('POST /v1/intakes', () => {
    it('creates and sends: 201 with the spec’s body, follow_up included', async () => {
      const response = await create(body());
      expect(response.statusCode).toBe(201);
      const created = response.json();
      expect(created.intake_id).toMatch(/^in_[A-Za-z0-9_-]{22}$/);
      expect(created.portal_url).toMatch(/^https:\/\/portal\.example\/p\/[A-Za-z0-9_-]{22}$/);
      expect(created.status).toBe('sent');
      expect(created.items).toEqual([
        { key: 'logo', status: 'pending' },
        { key: 'about', status: 'pending' },
        { key: 'style', status: 'pending' },
      ]);
      expect(created.follow_up).toMatchObject({
        recommended: 'schedule',
        webhook: { active_endpoints: 0, register_with: 'POST /v1/webhooks' },
        schedule: { check_with: `GET /v1/intakes/${created.intake_id}/status`, every_hours: 1 },
      });
      // The union of the active endpoints' events: none yet (webhooks.e2e.spec.ts has the rest).
      expect(created.follow_up.webhook.events).toEqual([]);
    });

    it('applies the defaults and stores the client', async () => {
      const { intake_id } = (await create(body({ client_brief: '  Please send by Friday.  ' }))).json();
      const detail = (await api.client.asKey(live, { method: 'GET', url: `/v1/intakes/${intake_id}` })).json();
      expect(detail.intake).toMatchObject({
        intake_id,
        status: 'sent',
        mode: 'live',
        client: {
          email: 'jan@client.example',
          name: 'Jan Novák',
          language: 'en',
          timezone: 'Europe/Prague',
          phone: null,
          also_notify: [],
          client_bounced_at: null,
        },
        chase_schedule: 'default',
        chase_interval_minutes: null,
        respect_quiet_hours: true,
        max_reminders: 3,
        retention: { mode: 'days', days: 90, anonymize: false },
        client_brief: 'Please send by Friday.',
        folder_id: null,
        brief_files: [],
      });
      expect(detail.items.map((i: { key: string }) => i.key)).toEqual(['logo', 'about', 'style']);
      expect(detail.items[2].decision).toEqual({
        decided_by: null,
        value: null,
        proposed_value: null,
        proposed_rationale: null,
      });
      expect(detail.progress).toEqual({ submitted: 0, total: 2, outstanding: 2, percent: 0 });
      expect(detail.owner_tasks).toEqual({ done: 0, total: 1 });
    });

    it('send false makes a draft; POST send sends it once (then 409)', async () => {
      const { intake_id, status } = (await create(body({ send: false }))).json();
      expect(status).toBe('draft');
      const sent = await api.client.asKey(live, { method: 'POST', url: `/v1/intakes/${intake_id}/send` });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().intake).toMatchObject({ status: 'sent', sent_at: expect.any(String) });
      const again = await api.client.asKey(live, { method: 'POST', url: `/v1/intakes/${intake_id}/send` });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('conflict');
    });

    it('an empty client_brief is stored as null; the client language falls back to the account default', async () => {
      await api.client.asSession(owner.session, {
        method: 'PATCH',
        url: '/v1/account',
        payload: { default_language: 'cs' },
      });
      const { intake_id } = (await create(body({ client_brief: '   ' }))).json();
      const detail = (await api.client.asKey(live, { method: 'GET', url: `/v1/intakes/${intake_id}` })).json();
      expect(detail.intake.client_brief).toBeNull();
      expect(detail.intake.client.language).toBe('cs');
      await api.client.asSession(owner.session, {
        method: 'PATCH',
        url: '/v1/account',
        payload: { default_language: 'en' },
      });
    });

    it.each([
      ['a missing project name and client', { project_name: undefined, client: undefined }, ['client', 'project_name']],
      [
        'a malformed client',
        { client: { email: 'nope', name: '  ', phone: '0601', timezone: 'Nowhere/City', language: 'fr' } },
        ['client.email', 'client.language', 'client.name', 'client.phone', 'client.timezone'],
      ],
      ['no items', { items: [] }, ['items']],
      ['an invalid item', { items: [{ key: 'pick', type: 'select', label: 'Pick' }] }, ['items[0].options']],
      ['duplicate item keys', { items: [ITEMS[0], ITEMS[0]] }, ['items[1].key']],
      ['chase_interval without custom', { chase_interval: 2 }, ['chase_interval']],
      [
        'a custom interval under 5 minutes',
        { chase_schedule: 'custom', chase_interval: 4, chase_interval_unit: 'minutes' },
        ['chase_interval'],
      ],
      [
        'chase_at_time with an hourly interval',
        { chase_schedule: 'custom', chase_interval: 6, chase_interval_unit: 'hours', chase_at_time: '09:00' },
        ['chase_at_time'],
      ],
      ['max_reminders out of range', { max_reminders: 1001 }, ['max_reminders']],
      ['a malformed due date', { due_date: '2027-02-30' }, ['due_date']],
      ['a brief over 5000 characters', { client_brief: 'x'.repeat(5001) }, ['client_brief']],
      [
        'five additional recipients',
        {
          client: {
            email: 'a@x.example',
            name: 'A',
            also_notify: ['b', 'c', 'd', 'e', 'f'].map((n) => ({ email: `${n}@x.example` })),
          },
        },
        ['client.also_notify'],
      ],
      ['an unknown field', { colour: 'red' }, ['colour']],
      ['an unknown template', { template: 'no-such-template' }, ['template']],
    ])('refuses %s with 422 naming each field', async (_what, overrides, paths) => {
      const response = await create(body(overrides));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: 'unprocessable', reason: 'validation_failed' });
      expect(
        response
          .json()
          .details.map((d: { path: string }) => d.path)
          .sort(),
      ).toEqual([...paths].sort());
    });

    it('a folder of another account is 400 invalid_request reason validation_error', async () => {
      const other = await api.client.owner();
      const otherKey = (await api.client.createKey(other.session)).key;
      const folder = (
        await api.client.asKey(otherKey, { method: 'POST', url: '/v1/folders', payload: { name: 'Theirs' } })
      ).json().folder;
      const response = await create(body({ folder_id: folder.id }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_request', reason: 'validation_error' });
    });

    it('merges a template’s items by key, the request’s winning', async () => {
      const template = await api.client.asKey(live, {
        method: 'POST',
        url: '/v1/templates',
        payload: { name: 'Website basics', items: [ITEMS[0], { key: 'photos', type: 'file_list', label: 'Photos' }] },
      });
      expect(template.statusCode).toBe(201);
      expect(template.json().template.slug).toBe('website-basics');
      const again = await api.client.asKey(live, {
        method: 'POST',
        url: '/v1/templates',
        payload: { name: 'Website basics', items: [ITEMS[1]] },
      });
      expect(again.json().template.slug).toBe('website-basics-2');

      const created = await create(
        body({ template: 'website-basics', items: [{ key: 'logo', type: 'image', label: 'Your logo' }, ITEMS[1]] }),
      );
      expect(created.statusCode).toBe(201);
      const detail = (
        await api.client.asKey(live, { method: 'GET', url: `/v1/intakes/${created.json().intake_id}` })
      ).json();
      expect(detail.items.map((i: { key: string; label: string }) => [i.key, i.label])).toEqual([
        ['logo', 'Your logo'],
        ['photos', 'Photos'],
        ['about', 'About you'],
      ]);
      // Template settings are defaults only where the request leaves the field unset.
      const withSettings = await api.client.asKey(live, {
        method: 'POST',
        url: '/v1/templates',
        payload: {
          name: 'Gentle',
          items: [ITEMS[1]],
          settings: {
            chase_schedule: 'custom',
            chase_interval: 2,
            max_reminders: 7,
            client_brief: 'From the template',
          },
        },
      });
      expect(withSettings.statusCode).toBe(201);
      expect(withSettings.json().template.settings).toMatchObject({ chase_schedule: 'custom', max_reminders: 7 });
      const defaulted = (await create(body({ template: 'gentle', items: [ITEMS[1]], max_reminders: 2 }))).json()
        .intake_id;
      expect(
        (await api.client.asKey(live, { method: 'GET', url: `/v1/intakes/${defaulted}` })).json().intake,
      ).toMatchObject({
        chase_schedule: 'custom',
        chase_interval_minutes: 2880,
        max_reminders: 2,
        client_brief: 'From the template',
      });
      const ownSchedule = (
        await create(body({ template: 'gentle', items: [ITEMS[1]], chase_schedule: 'gentle' }))
      ).json().intake_id;
      expect(
        (await api.client.asKey(live, { method: 'GET', url: `/v1/intakes/${ownSchedule}` })).json().intake,
      ).toMatchObject({
        chase_schedule: 'gentle',
        chase_interval_minutes: null,
        max_reminders: 7,
      });
      const invalid = await api.client.asKey(live, {
        method: 'POST',
        url: '/v1/templates',
        payload: { name: 'Bad', items: [ITEMS[1]], settings: { chase_interval: 3 } },
      });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json().details.map((d: { path: string }) => d.path)).toEqual(['settings.chase_interval']);

      const list = await api.client.asKey(live, { method: 'GET', url: '/v1/templates' });
      expect(list.json().templates.map((x: { slug: string }) => x.slug)).toEqual([
        'gentle',
        'website-basics',
        'website-basics-2',
      ]);
    });
  });

  describe('Idempotency-Key', () => {
    it('a repeat returns the original with 200; another body with the same key is 409', async () => {
      const key = `idem-${Date.now()}`;
      const first = await create(body(), live, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      const repeat = await create(body(), live, { 'idempotency-key': key });
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json().intake_id).toBe(first.json().intake_id);
      const different = await create(body({ project_name: 'Other' }), live, { 'idempotency-key': key });
      expect(different.statusCode).toBe(409);
      expect(different.json().reason).toBe('idempotency_key_reused');
    });

    it('duplicates fired in parallel create exactly one intake', async () => {
      const key = `parallel-${Date.now()}`;
      const project = `Parallel ${Date.now()}`;
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => create(body({ project_name: project }), live, { 'idempotency-key': key })),
      );
      const ids = new Set(responses.map((r) => r.json().intake_id));
      expect(ids.size).toBe(1);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      const { rows } = await api.db.query(`SELECT count(*)::int AS n FROM intakes WHERE project_name = $1`, [project]);
      expect(rows[0].n).toBe(1);
    });
  });

  describe('access', () => {
    it('another account’s intake is 404; a test key never sees live intakes nor other keys’ test intakes', async () => {
      const liveIntake = (await create(body())).json().intake_id;
      const testIntake = (await create(body(), test)).json().intake_id;
      const otherTestKey = (await api.client.createKey(owner.session, ['admin'], 'test')).key;
      const other = await api.client.owner();
      const otherKey = (await api.client.createKey(other.session)).key;

      const get = (key: string, id: string) => api.client.asKey(key, { method: 'GET', url: `/v1/intakes/${id}` });
      expect((await get(otherKey, liveIntake)).statusCode).toBe(404);
      expect((await get(test, liveIntake)).statusCode).toBe(404);
      expect((await get(live, testIntake)).statusCode).toBe(404);
      expect((await get(otherTestKey, testIntake)).statusCode).toBe(404);
      expect((await get(test, testIntake)).statusCode).toBe(200);
      expect(
        (await api.client.asSession(owner.session, { method: 'GET', url: `/v1/intakes/${testIntake}` })).statusCode,
      ).toBe(200);
      for (const [method, url] of [
        ['GET', `/v1/intakes/${liveIntake}/status`],
        ['POST', `/v1/intakes/${liveIntake}/archive`],
        ['POST', `/v1/intakes/${liveIntake}/send`],
        ['DELETE', `/v1/intakes/${liveIntake}`],
      ] as const) {
        expect([url, (await api.client.asKey(test, { method, url })).statusCode]).toEqual([url, 404]);
      }
      const testList = (await api.client.asKey(test, { method: 'GET', url: '/v1/intakes?limit=100' })).json();
      expect(testList.intakes.every((i: { intake_id: string }) => i.intake_id !== liveIntake)).toBe(true);
      expect(testList.intakes.map((i: { intake_id: string }) => i.intake_id)).toContain(testIntake);
      expect((await api.client.asKey(otherTestKey, { method: 'GET', url: '/v1/intakes' })).json().total).toBe(0);
    });

    it('lists by mode: a session picks live or test, a key asking for the other mode gets an empty list', async () => {
      const mine = await api.owner({ plan: 'agency', testKey: true });
      const testKey = mine.testKey ?? '';
      const liveIntake = (await create(body({ project_name: 'Mode live' }), mine.key)).json().intake_id;
      const testIntake = (await create(body({ project_name: 'Mode test' }), testKey)).json().intake_id;
      const listed = async (response: { statusCode: number; json: () => unknown }) => {
        expect(response.statusCode).toBe(200);
        const page = response.json() as { intakes: Array<{ intake_id: string; mode: string }>; total: number };
        return { rows: page.intakes.map((i) => [i.intake_id, i.mode]), total: page.total };
      };
      const asSession = (query: string) =>
        api.client.asSession(mine.session, { method: 'GET', url: `/v1/intakes${query}` });

      expect(await listed(await asSession(''))).toEqual({
        rows: [
          [testIntake, 'test'],
          [liveIntake, 'live'],
        ],
        total: 2,
      });
      expect(await listed(await asSession('?mode=live'))).toEqual({ rows: [[liveIntake, 'live']], total: 1 });
      expect(await listed(await asSession('?mode=test&q=mode'))).toEqual({ rows: [[testIntake, 'test']], total: 1 });
      expect(await listed(await asSession('?mode=test&status=completed'))).toEqual({ rows: [], total: 0 });
      const asKey = (key: string, query: string) =>
        api.client.asKey(key, { method: 'GET', url: `/v1/intakes${query}` });
      expect(await listed(await asKey(mine.key, '?mode=live'))).toEqual({ rows: [[liveIntake, 'live']], total: 1 });
      expect(await listed(await asKey(mine.key, '?mode=test'))).toEqual({ rows: [], total: 0 });
      expect(await listed(await asKey(testKey, '?mode=live'))).toEqual({ rows: [], total: 0 });
      expect(await listed(await asKey(testKey, '?mode=test'))).toEqual({ rows: [[testIntake, 'test']], total: 1 });
      const wrong = await asSession('?mode=sandbox');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({ error: 'unprocessable' });
    });

    it('test intakes never contact the client: the invitation is a skipped chase', async () => {
      const { intake_id } = (await create(body(), test)).json();
      const status = (await api.client.asKey(test, { method: 'GET', url: `/v1/intakes/${intake_id}/status` })).json();
      // The same schedule as a live intake: the first reminder is planned, to be skipped when due.
      expect(status.chases).toEqual([
        expect.objectContaining({ kind: 'invite', channel: 'email', status: 'skipped', attempt_no: 0 }),
        expect.objectContaining({ kind: 'reminder', channel: 'email', status: 'scheduled', attempt_no: 1 }),
      ]);
      const liveStatus = (
        await api.client.asKey(live, {
          method: 'GET',
          url: `/v1/intakes/${(await create(body())).json().intake_id}/status`,
        })
      ).json();
      expect(liveStatus.chases).toEqual([
        expect.objectContaining({ kind: 'invite', status: 'scheduled', scheduled_at: expect.any(String) }),
        expect.objectContaining({ kind: 'reminder', status: 'scheduled', attempt_no: 1 }),
      ]);
    });

    it('reading needs intakes:read, writing intakes:write', async () => {
      const reader = (await api.client.createKey(owner.session, ['intakes:read'])).key;
      expect((await api.client.asKey(reader, { method: 'GET', url: '/v1/intakes' })).statusCode).toBe(200);
      const refused = await create(body(), reader);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().reason).toBe('missing_scope');
    });
  });

  describe('GET /v1/intakes', () => {
    let key: string;
    let folderId: string;
    beforeAll(async () => {
      const account = await api.client.owner();
      await setPlan(account.accountId, 'agency');
      key = (await api.client.createKey(account.session)).key;
      folderId = (
        await api.client.asKey(key, { method: 'POST', url: '/v1/folders', payload: { name: 'Filed' } })
      ).json().folder.id;
      await create(
        body({ project_name: 'Bakery site', client: { email: 'Anna@Bakery.example', name: 'Anna Svobodová' } }),
        key,
      );
      await create(
        body({
          project_name: 'Gym brochure',
          client: { email: 'petr@gym.example', name: 'Petr' },
          folder_id: folderId,
        }),
        key,
      );
      await create(
        body({ project_name: 'Draft', send: false, client: { email: 'anna@bakery.example', name: 'Anna' } }),
        key,
      );
    });

    const list = async (query: string) => api.client.asKey(key, { method: 'GET', url: `/v1/intakes${query}` });
    const names = async (query: string) =>
      (await list(query)).json().intakes.map((i: { project_name: string }) => i.project_name);

    it('lists newest first with the list object and paging', async () => {
      const response = await list('');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ total: 3, limit: 20, offset: 0 });
      expect(response.json().intakes[0]).toEqual({
        intake_id: expect.stringMatching(/^in_/),
        project_name: 'Draft',
        status: 'draft',
        mode: 'live',
        client: { email: 'anna@bakery.example', name: 'Anna' },
        portal_url: expect.stringMatching(/^https:\/\/portal\.example\/p\//),
        created_at: expect.any(String),
        progress: { submitted: 0, total: 2 },
      });
      expect(await names('?limit=1&offset=1')).toEqual(['Gym brochure']);
    });

    it.each([
      ['?status=draft', ['Draft']],
      ['?client_email=ANNA@bakery.example', ['Draft', 'Bakery site']],
      ['?folder_id=none', ['Draft', 'Bakery site']],
      ['?q=BAKERY', ['Draft', 'Bakery site']],
      ['?q=svobod', ['Bakery site']],
      ['?q=brochure', ['Gym brochure']],
      ['?q=%25', []],
      ['?status=sent&client_email=anna@bakery.example', ['Bakery site']],
    ])('%s', async (query, expected) => expect(await names(query)).toEqual(expected));

    it('filters by a folder id', async () => expect(await names(`?folder_id=${folderId}`)).toEqual(['Gym brochure']));

    it('totals follow creation, status changes, folder moves and deletion', async () => {
      const total = async (query: string) => (await list(query)).json().total;
      expect([
        await total(''),
        await total('?status=sent'),
        await total('?folder_id=none'),
        await total(`?folder_id=${folderId}`),
      ]).toEqual([3, 2, 2, 1]);
      const extra = (
        await create(body({ project_name: 'Extra', client: { email: 'x@x.example', name: 'X' } }), key)
      ).json().intake_id;
      expect([await total(''), await total('?status=sent')]).toEqual([4, 3]);
      await api.client.asKey(key, { method: 'POST', url: `/v1/intakes/${extra}/archive` });
      expect([await total('?status=sent'), await total('?status=archived')]).toEqual([2, 1]);
      await api.client.asKey(key, { method: 'PATCH', url: `/v1/intakes/${extra}`, payload: { owner_note: 'x' } }); // archived: refused
      await api.db.query(`UPDATE intakes SET folder_id = $2 WHERE id = $1`, [extra, folderId]);
      expect([await total(`?folder_id=${folderId}`), await total('?folder_id=none')]).toEqual([2, 2]);
      await api.client.asKey(key, { method: 'DELETE', url: `/v1/intakes/${extra}` });
      expect([await total(''), await total(`?folder_id=${folderId}`), await total('?status=archived')]).toEqual([
        3, 1, 0,
      ]);
      // The counts always agree with a plain count of the rows.
      const { rows } = await api.db.query(
        `SELECT (SELECT count(*) FROM intakes) AS counted, (SELECT coalesce(sum(n), 0) FROM intake_counts) AS kept`,
      );
      expect(Number(rows[0].kept)).toBe(Number(rows[0].counted));
    });

    // ?offset=99999999999999999999 passed as a whole number and answered 500 (bigint out of range).
    it.each([
      '?limit=0',
      '?limit=101',
      '?offset=-1',
      '?offset=99999999999999999999',
      `?q=${'x'.repeat(101)}`,
      '?status=lost',
      '?limit=abc',
    ])('%s is 422', async (query) => {
      const response = await list(query);
      expect(response.statusCode).toBe(422);
      expect(response.json().details).toHaveLength(1);
    });
  });

  describe('archive and delete', () => {
    it('archive cancels scheduled chases, emits intake.archived, and blocks further changes with intake_archived', async () => {
      const { intake_id } = (await create(body())).json();
      const archived = await api.client.asKey(live, { method: 'POST', url: `/v1/intakes/${intake_id}/archive` });
      expect(archived.statusCode).toBe(200);
      expect(archived.json().intake).toMatchObject({ intake_id, status: 'archived' });
      const status = (await api.client.asKey(live, { method: 'GET', url: `/v1/intakes/${intake_id}/status` })).json();
      expect(status.chases.map((c: { status: string }) => c.status)).toEqual(['cancelled', 'cancelled']);
      const { rows } = await api.db.query(
        `SELECT payload FROM outbox_messages WHERE payload->'payload'->>'intake_id' = $1`,
        [intake_id],
      );
      expect(rows.map((r) => r.payload.payload)).toEqual([
        { event: 'intake.archived', intake_id, project_name: 'New website', timestamp: expect.any(Number) },
      ]);
      for (const url of [`/v1/intakes/${intake_id}/archive`, `/v1/intakes/${intake_id}/send`]) {
        const refused = await api.client.asKey(live, { method: 'POST', url });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().reason).toBe('intake_archived');
      }
    });

    it('DELETE removes the intake and its files through the storage port (204, then 404)', async () => {
      const { intake_id } = (await create(body())).json();
      const storage = api.t.app.get(ObjectStorage, { strict: false });
      await storage.put(`intakes/${intake_id}/items/logo/f1`, Readable.from([Buffer.from('png')]), { maxBytes: 10 });
      await storage.put('intakes/in_other/items/logo/f1', Readable.from([Buffer.from('png')]), { maxBytes: 10 });
      expect((await api.client.asKey(live, { method: 'DELETE', url: `/v1/intakes/${intake_id}` })).statusCode).toBe(
        204,
      );
      expect((await api.client.asKey(live, { method: 'GET', url: `/v1/intakes/${intake_id}` })).statusCode).toBe(404);
      expect((await api.client.asKey(live, { method: 'DELETE', url: `/v1/intakes/${intake_id}` })).statusCode).toBe(
        404,
      );
      expect(await storage.stat(`intakes/${intake_id}/items/logo/f1`)).toBeUndefined();
      expect(await storage.stat('intakes/in_other/items/logo/f1')).toEqual({ size: 3 });
    });
  });

  describe('limits', () => {
    it('the 11th intake of the month on the free plan is 402 quota_exceeded', async () => {
      const account = await api.client.owner();
      const key = (await api.client.createKey(account.session)).key;
      for (let i = 0; i < 10; i += 1) expect((await create(body({ send: false }), key)).statusCode).toBe(201);
      const refused = await create(body({ send: false }), key);
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toMatchObject({ error: 'quota_exceeded', reason: 'intakes' });
      const usage = (await api.client.asKey(key, { method: 'GET', url: '/v1/usage' })).json();
      expect(usage.intakes).toEqual({ used: 10, limit: 10 });
    });

    it('the 31st invitation in an hour is 429 intake_invites, shared by create and send', async () => {
      const account = await api.client.owner();
      await setPlan(account.accountId, 'agency');
      const key = (await api.client.createKey(account.session)).key;
      for (let i = 0; i < 29; i += 1) expect((await create(body(), key)).statusCode).toBe(201);
      const draft = (await create(body({ send: false }), key)).json().intake_id;
      expect((await api.client.asKey(key, { method: 'POST', url: `/v1/intakes/${draft}/send` })).statusCode).toBe(200);
      const refused = await create(body(), key);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().reason).toBe('intake_invites');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await create(body({ send: false }), key)).statusCode).toBe(201); // drafts send nothing
    });
  });
});
