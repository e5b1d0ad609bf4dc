import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Owner, useApi } from './api-test-app';

const ITEMS = [
  { key: 'logo', type: 'image', label: 'Logo' },
  { key: 'about', type: 'longtext', label: 'About you' },
];
const PHONE = '+420601234567';

/** An intake of `owner` (live unless a test key is given), sent at once unless `send` is false. */
async function newIntake(
  api: ReturnType<typeof useApi>,
  as: string,
  overrides: { send?: boolean; phone?: boolean } = {},
): Promise<string> {
  const response = await api.client.asKey(as, {
    method: 'POST',
    url: '/v1/intakes',
    payload: {
      project_name: 'Bakery site',
      client: { email: 'anna@client.example', name: 'Anna', ...(overrides.phone ? { phone: PHONE } : {}) },
      items: ITEMS,
      ...(overrides.send === false ? { send: false } : {}),
    },
  });
  if (response.statusCode !== 201) throw new Error(`intake creation: ${response.statusCode} ${response.body}`);
  return response.json().intake_id as string;
}

describe('manual chases and the invitation preview (real Postgres and Redis; SMS not configured)', () => {
  const api = useApi();
  let owner: Owner;

  beforeAll(async () => {
    owner = await api.owner({ plan: 'studio', testKey: true });
  });

  const chase = (id: string, payload: object = {}, as = owner.key) =>
    api.client.asKey(as, { method: 'POST', url: `/v1/intakes/${id}/chase`, payload });

  describe('POST /v1/intakes/:id/chase', () => {
    it('records a manual e-mail chase due now (201, the chase record), shown by the status endpoint and audited', async () => {
      const id = await newIntake(api, owner.key);
      const before = Date.now();
      const response = await chase(id);
      expect(response.statusCode).toBe(201);
      const record = response.json();
      expect(record).toEqual({
        id: expect.stringMatching(/^chs_/),
        channel: 'email',
        kind: 'manual',
        scheduled_at: expect.any(String),
        sent_at: null,
        status: 'scheduled',
        attempt_no: 0,
        missing_items_count: 2,
        error: null,
      });
      expect(Date.parse(record.scheduled_at)).toBeGreaterThanOrEqual(before - 1000);
      const status = (await api.client.asKey(owner.key, { method: 'GET', url: `/v1/intakes/${id}/status` })).json();
      expect(status.chases).toContainEqual(record);
      const audit = (await api.client.asKey(owner.key, { method: 'GET', url: '/v1/audit?limit=5' })).json();
      expect(audit.entries[0]).toMatchObject({ action: 'intake.chased', target_id: id });
    });

    it('allows one per intake per hour: then 429 manual_chase_intake with Retry-After', async () => {
      const id = await newIntake(api, owner.key);
      expect((await chase(id, { channel: 'email' })).statusCode).toBe(201);
      const refused = await chase(id);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'rate_limited', reason: 'manual_chase_intake' });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    });

    it('allows 20 per account per hour: the 21st is 429 manual_chase_account with Retry-After', async () => {
      const other = await api.owner({ plan: 'agency' });
      const ids: string[] = [];
      for (let i = 0; i < 21; i += 1) ids.push(await newIntake(api, other.key));
      for (const id of ids.slice(0, 20)) expect((await chase(id, {}, other.key)).statusCode).toBe(201);
      const refused = await chase(ids[20] ?? '', {}, other.key);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'rate_limited', reason: 'manual_chase_account' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another account's hour is its own.
      expect((await chase(await newIntake(api, owner.key))).statusCode).toBe(201);
    });

    it('records a test key’s chase skipped (nothing is ever sent in test mode)', async () => {
      const id = await newIntake(api, owner.testKey ?? '');
      const response = await chase(id, {}, owner.testKey);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ kind: 'manual', status: 'skipped', error: expect.any(String) });
    });

    it('is 409 for an archived (intake_archived), draft (not_sent) or completed (intake_completed) intake', async () => {
      const archived = await newIntake(api, owner.key);
      await api.client.asKey(owner.key, { method: 'POST', url: `/v1/intakes/${archived}/archive` });
      const draft = await newIntake(api, owner.key, { send: false });
      const completed = await newIntake(api, owner.key);
      await api.db.query(`UPDATE intakes SET status = 'completed', completed_at = now() WHERE id = $1`, [completed]);
      for (const [id, reason] of [
        [archived, 'intake_archived'],
        [draft, 'not_sent'],
        [completed, 'intake_completed'],
      ] as const) {
        const refused = await chase(id);
        expect([refused.statusCode, refused.json().error, refused.json().reason]).toEqual([409, 'conflict', reason]);
      }
    });

    it('is 409 recipients_bounced when every address has bounced', async () => {
      const id = await newIntake(api, owner.key);
      await api.db.query(`UPDATE intakes SET client_bounced_at = now() WHERE id = $1`, [id]);
      const refused = await chase(id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().reason).toBe('recipients_bounced');
    });

    it('answers 503 sms_not_configured for a live SMS chase while no SMS provider is configured', async () => {
      const id = await newIntake(api, owner.key, { phone: true });
      const refused = await chase(id, { channel: 'sms' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ error: 'service_unavailable', reason: 'sms_not_configured' });
      expect(refused.json().message).toContain('SMS is not configured');
      expect((await chase(id, { channel: 'email' })).statusCode).toBe(201); // the refusal used no hourly slot
    });

    it('needs the client’s phone for SMS: 422 naming client.phone', async () => {
      const id = await newIntake(api, owner.key);
      const refused = await chase(id, { channel: 'sms' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        error: 'unprocessable',
        reason: 'validation_failed',
        details: [{ path: 'client.phone', message: expect.any(String) }],
      });
    });

    it('needs the sms feature: 402 plan_required on Free', async () => {
      const free = await api.owner();
      const id = await newIntake(api, free.key, { phone: true });
      const refused = await chase(id, { channel: 'sms' }, free.key);
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toMatchObject({ error: 'plan_required', reason: 'sms' });
    });

    it('validates the body, and is 404 for another account’s intake or a live one asked by a test key', async () => {
      const id = await newIntake(api, owner.key);
      const invalid = await chase(id, { channel: 'fax' });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json().details).toEqual([{ path: 'channel', message: expect.any(String) }]);
      expect((await chase(id, {}, owner.testKey)).statusCode).toBe(404);
      const stranger = await api.owner({ plan: 'studio' });
      expect((await chase(id, {}, stranger.key)).statusCode).toBe(404);
      expect((await chase('in_doesnotexist')).statusCode).toBe(404);
    });

    it('needs scope intakes:write', async () => {
      const id = await newIntake(api, owner.key);
      const reader = await api.client.createKey(owner.session, ['intakes:read']);
      const refused = await chase(id, {}, reader.key);
      expect([refused.statusCode, refused.json().reason]).toEqual([403, 'missing_scope']);
    });
  });

  describe('GET /v1/intakes/preview', () => {
    const preview = (query = '') =>
      api.client.asSession(owner.session, { method: 'GET', url: `/v1/intakes/preview${query}` });

    it('previews the invitation with the account’s sender name and default language', async () => {
      const response = await preview();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        language: 'en',
        from_name: 'Studio',
        subject: 'Materials for Sample project',
        sender_name: 'Studio',
        using_fallback_sender_name: true,
      });
    });

    it('takes language and project_name, and the account’s sender name as it is now', async () => {
      const patched = await api.client.asSession(owner.session, {
        method: 'PATCH',
        url: '/v1/account',
        payload: { sender_name: 'Jana' },
      });
      expect(patched.statusCode).toBe(200);
      const response = await preview('?language=de&project_name=B%C3%A4ckerei');
      expect(response.json()).toEqual({
        language: 'de',
        from_name: 'Jana von Studio',
        subject: 'Unterlagen für Bäckerei',
        sender_name: 'Jana',
        using_fallback_sender_name: false,
      });
      expect((await preview('?language=fr')).json().language).toBe('en'); // the account default for one we lack
    });

    it('is session only (an API key gets 403 session_only), and validates the query', async () => {
      const refused = await api.client.asKey(owner.key, { method: 'GET', url: '/v1/intakes/preview' });
      expect([refused.statusCode, refused.json().reason]).toEqual([403, 'session_only']);
      const invalid = await preview(`?project_name=${'x'.repeat(201)}`);
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json().details).toEqual([{ path: 'project_name', message: expect.any(String) }]);
    });
  });
});

describe('SMS chases with an SMS provider configured (outbox directory)', () => {
  let outboxDir = '';
  const api = useApi(
    {},
    {
      prepare: async (environment) => {
        outboxDir = await mkdtemp(join(tmpdir(), 'sms-outbox-'));
        return { ...environment.env, SMS_DRIVER: 'outbox-dir', SMS_OUTBOX_DIR: outboxDir };
      },
    },
  );
  afterAll(async () => {
    if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
  });

  it('records a live SMS chase and takes a credit, counted in GET /v1/usage sms_messages; none left is 402 sms_credits', async () => {
    const owner = await api.owner({ plan: 'solo' });
    const first = await newIntake(api, owner.key, { phone: true });
    const response = await api.client.asKey(owner.key, {
      method: 'POST',
      url: `/v1/intakes/${first}/chase`,
      payload: { channel: 'sms' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ channel: 'sms', kind: 'manual', status: 'scheduled' });
    const usage = (await api.client.asKey(owner.key, { method: 'GET', url: '/v1/usage' })).json();
    expect(usage.sms_messages).toEqual({ used: 1, limit: 100 });
    // The hourly limit holds whatever the channel.
    const again = await api.client.asKey(owner.key, { method: 'POST', url: `/v1/intakes/${first}/chase`, payload: {} });
    expect([again.statusCode, again.json().reason]).toEqual([429, 'manual_chase_intake']);

    await api.db.query(`UPDATE usage_counters SET sms_sent = 100 WHERE account_id = $1`, [owner.accountId]);
    const second = await newIntake(api, owner.key, { phone: true });
    const refused = await api.client.asKey(owner.key, {
      method: 'POST',
      url: `/v1/intakes/${second}/chase`,
      payload: { channel: 'sms' },
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ error: 'quota_exceeded', reason: 'sms_credits' });
    const after = (await api.client.asKey(owner.key, { method: 'GET', url: '/v1/usage' })).json();
    expect(after.sms_messages).toEqual({ used: 100, limit: 100 });
  });
});
