import { Client } from 'pg';
import { RelayWebhookEvents } from '@intake/application-webhooks';
import { TEST_PAYLOAD_INTAKE_ID } from '@intake/domain-webhooks';
import { UnitOfWork } from '@intake/kernel';
import { Sql } from '@intake/postgres';
import { PostgresWebhookRelayStore } from '@intake/postgres-webhooks';
import { AesGcmSecretBox } from '@intake/secret-box';
import { type Session } from './accounts-client';
import { type Owner, useApi } from './api-test-app';
import { inviteMember } from './access-matrix.fixtures';

const RAW_URL = 'https://hooks.example.com/intake?token=raw-token-in-query';
const SLACK_URL = 'https://hooks.slack.com/services/T0001/B0002/slackpathsecret';
const DISCORD_URL = 'https://discord.com/api/webhooks/1234/discordpathsecret';

interface Endpoint {
  id: string;
  url: string;
  events: string[];
  format: string;
  active: boolean;
  created_at: string;
  mode: 'live' | 'test';
  secret?: string;
}

describe('webhooks (real Postgres and Redis)', () => {
  const api = useApi();
  let owner: Owner;
  let member: Session;

  beforeAll(async () => {
    owner = await api.owner({ plan: 'agency', testKey: true });
    const invited = await inviteMember(api, owner.session);
    member = await api.client.logIn(invited.email);
  });

  const asKey = (key: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    api.client.asKey(key, { method, url, payload });
  const register = (payload: object, key = owner.key) => asKey(key, 'POST', '/v1/webhooks', payload);
  const registered = async (payload: object, key = owner.key): Promise<Endpoint> => {
    const response = await register(payload, key);
    expect(response.statusCode).toBe(201);
    return response.json<Endpoint>();
  };
  const list = async (key = owner.key) => (await asKey(key, 'GET', '/v1/webhooks')).json<{ webhooks: Endpoint[] }>();
  const deliveriesOf = (endpointId: string, key = owner.key) =>
    asKey(key, 'GET', `/v1/webhooks/${endpointId}/deliveries`);
  const sendTest = (endpointId: string, key = owner.key) => asKey(key, 'POST', `/v1/webhooks/${endpointId}/test`);
  const retry = (endpointId: string, deliveryId: string, key = owner.key) =>
    asKey(key, 'POST', `/v1/webhooks/${endpointId}/deliveries/${deliveryId}/retry`);
  const row = async (deliveryId: string) =>
    (await api.db.query(`SELECT * FROM webhook_deliveries WHERE id = $1`, [deliveryId])).rows[0];
  /** Puts a delivery in the state a dispatcher would have left it in. */
  const setDelivery = (deliveryId: string, fields: Record<string, unknown>) => {
    const names = Object.keys(fields);
    const assignments = names.map((name, i) => `${name} = $${i + 2}`).join(', ');
    return api.db.query(`UPDATE webhook_deliveries SET ${assignments} WHERE id = $1`, [
      deliveryId,
      ...Object.values(fields),
    ]);
  };

  describe('POST /v1/webhooks', () => {
    it('registers an active endpoint: 201 with the secret, shown this once and stored sealed', async () => {
      const response = await register({ url: RAW_URL, events: ['item.submitted', 'intake.completed'] });
      expect(response.statusCode).toBe(201);
      const created = response.json<Endpoint>();
      expect(created).toEqual({
        id: expect.stringMatching(/^whe_[A-Za-z0-9_-]{22}$/),
        url: RAW_URL,
        events: ['item.submitted', 'intake.completed'],
        format: 'raw',
        active: true,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        mode: 'live',
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
      });
      const secret = created.secret as string;

      const stored = (
        await api.db.query(`SELECT mode, url, events, format, secret_sealed FROM webhook_endpoints WHERE id = $1`, [
          created.id,
        ])
      ).rows[0];
      expect(stored).toMatchObject({ mode: 'live', url: RAW_URL, events: created.events, format: 'raw' });
      expect(stored.secret_sealed).toMatch(/^v2\.dev\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      expect(stored.secret_sealed).not.toContain(secret.slice('whsec_'.length));
      // Sealed with the deployment's key (here the development key, id dev): the dispatcher opens it to sign.
      expect(new AesGcmSecretBox(api.t.config.encryption.keys).open(stored.secret_sealed)).toBe(secret);

      const listed = (await list()).webhooks.find((w) => w.id === created.id);
      const { secret: _shownOnce, ...withoutSecret } = created;
      expect(listed).toEqual(withoutSecret);
    });

    it('takes format slack or discord, and never shows their URL’s path again', async () => {
      const slack = await registered({ url: SLACK_URL, events: ['intake.completed'], format: 'slack' });
      const discord = await registered({ url: DISCORD_URL, events: ['intake.stalled'], format: 'discord' });
      expect(slack).toMatchObject({ url: 'https://hooks.slack.com', format: 'slack' });
      expect(discord).toMatchObject({ url: 'https://discord.com', format: 'discord' });
      const listed = await list();
      expect(listed.webhooks.find((w) => w.id === slack.id)?.url).toBe('https://hooks.slack.com');
      expect(listed.webhooks.find((w) => w.id === discord.id)?.url).toBe('https://discord.com');
      expect(JSON.stringify(listed)).not.toMatch(/slackpathsecret|discordpathsecret|\/services\/|\/api\/webhooks/);
      // Stored in full: the dispatcher posts to it.
      const urls = await api.db.query(`SELECT url FROM webhook_endpoints WHERE id = ANY($1::text[]) ORDER BY format`, [
        [slack.id, discord.id],
      ]);
      expect(urls.rows.map((r) => r.url)).toEqual([DISCORD_URL, SLACK_URL]);
    });

    it.each([
      [
        'an event outside the seven',
        { url: RAW_URL, events: ['item.submitted', 'item.approved'] },
        [{ path: 'events[1]', message: expect.stringMatching(/^must be one of item\.submitted, /) }],
      ],
      [
        'an event twice',
        { url: RAW_URL, events: ['intake.completed', 'intake.completed'] },
        [{ path: 'events[1]', message: 'duplicates events[0]' }],
      ],
      ['no event', { url: RAW_URL, events: [] }, [{ path: 'events', message: 'must name at least one event' }]],
      [
        'events not a list',
        { url: RAW_URL, events: 'item.submitted' },
        [{ path: 'events', message: expect.any(String) }],
      ],
      [
        'another format',
        { url: RAW_URL, events: ['item.submitted'], format: 'teams' },
        [{ path: 'format', message: expect.any(String) }],
      ],
      ['no url', { events: ['item.submitted'] }, [{ path: 'url', message: expect.any(String) }]],
      [
        'a loopback url',
        { url: 'http://127.0.0.1:8080/hook', events: ['item.submitted'] },
        [{ path: 'url', message: '127.0.0.1 is a loopback address' }],
      ],
      [
        'a numeric trick for loopback',
        { url: 'http://2130706433/hook', events: ['item.submitted'] },
        [{ path: 'url', message: '127.0.0.1 is a loopback address' }],
      ],
      [
        'the metadata address',
        { url: 'http://169.254.169.254/latest/meta-data', events: ['item.submitted'] },
        [{ path: 'url', message: expect.stringContaining('169.254.169.254') }],
      ],
      [
        'localhost',
        { url: 'http://localhost:3000/hook', events: ['item.submitted'] },
        [{ path: 'url', message: expect.stringContaining('localhost') }],
      ],
      [
        'a port outside 80, 443 and 1024–65535',
        { url: 'https://hooks.example.com:22/hook', events: ['item.submitted'] },
        [{ path: 'url', message: expect.stringContaining('port 22') }],
      ],
      [
        'another scheme',
        { url: 'ftp://hooks.example.com/hook', events: ['item.submitted'] },
        [{ path: 'url', message: expect.stringContaining('ftp') }],
      ],
    ])('refuses %s with 422 validation_failed naming the field, registering nothing', async (_what, body, details) => {
      const before = await api.db.query(`SELECT count(*)::int AS n FROM webhook_endpoints`);
      const response = await register(body);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: 'unprocessable', reason: 'validation_failed', details });
      const after = await api.db.query(`SELECT count(*)::int AS n FROM webhook_endpoints`);
      expect(after.rows[0].n).toBe(before.rows[0].n);
    });

    it('trims the URL', async () => {
      expect((await registered({ url: `  ${RAW_URL}\n`, events: ['item.submitted'] })).url).toBe(RAW_URL);
    });

    it('refuses a list longer than the seven events without naming each', async () => {
      const response = await register({ url: RAW_URL, events: Array.from({ length: 5000 }, () => 'item.submitted') });
      expect(response.statusCode).toBe(422);
      expect(response.json().details).toEqual([{ path: 'events', message: 'must list at most 7 events, each once' }]);
    });

    it('names every bad event at once', async () => {
      const response = await register({ url: RAW_URL, events: ['nope', 'item.submitted', 'intake.deleted'] });
      expect(response.json().details.map((d: { path: string }) => d.path)).toEqual(['events[0]', 'events[2]']);
    });

    it('allows 20 endpoints per mode; the 21st is 409 webhook_limit', async () => {
      const studio = await api.owner({ testKey: true });
      for (let i = 0; i < 20; i += 1)
        await registered({ url: `${RAW_URL}&n=${i}`, events: ['item.submitted'] }, studio.key);
      const refused = await register({ url: RAW_URL, events: ['item.submitted'] }, studio.key);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'conflict', reason: 'webhook_limit', params: { limit: 20 } });
      // The other mode has its own 20.
      await registered({ url: RAW_URL, events: ['item.submitted'] }, studio.testKey);
      const [first] = (await list(studio.key)).webhooks;
      expect((await asKey(studio.key, 'DELETE', `/v1/webhooks/${first?.id}`)).statusCode).toBe(204);
      await registered({ url: RAW_URL, events: ['item.submitted'] }, studio.key);
    });
  });

  describe('the secret and chat URLs never appear again', () => {
    it('not in the listing, the audit log or the logs', async () => {
      const before = api.t.logs.lines.length;
      const raw = await registered({ url: RAW_URL, events: ['item.submitted'] });
      const slack = await registered({ url: SLACK_URL, events: ['item.submitted'], format: 'slack' });
      const secrets = [raw.secret, slack.secret] as string[];
      await sendTest(slack.id);
      await api.client.asSession(owner.session, { method: 'DELETE', url: `/v1/webhooks/${slack.id}` });
      const bodies = [
        (await asKey(owner.key, 'GET', '/v1/webhooks')).body,
        (await api.client.asSession(member, { method: 'GET', url: '/v1/webhooks' })).body,
        (await asKey(owner.key, 'GET', '/v1/audit?limit=100')).body,
      ];
      const logs = api.t.logs.lines.slice(before).join('\n');
      expect(logs.length).toBeGreaterThan(0);
      for (const text of [...bodies, logs]) {
        for (const secret of secrets) {
          expect(text).not.toContain(secret);
          expect(text).not.toContain(secret.slice('whsec_'.length));
        }
        expect(text).not.toContain('slackpathsecret');
        expect(text).not.toContain('/services/T0001');
      }
      const audit = JSON.parse(bodies[2] as string).entries as Array<{
        action: string;
        target_id: string;
        summary: object;
      }>;
      expect(audit.filter((e) => e.target_id === slack.id).map((e) => [e.action, e.summary])).toEqual([
        [
          'webhook.deleted',
          { url: 'https://hooks.slack.com', events: ['item.submitted'], format: 'slack', mode: 'live' },
        ],
        ['webhook.tested', { delivery_id: expect.stringMatching(/^whd_/) }],
        [
          'webhook.created',
          { url: 'https://hooks.slack.com', events: ['item.submitted'], format: 'slack', mode: 'live' },
        ],
      ]);
      expect(audit.find((e) => e.target_id === raw.id)).toMatchObject({
        action: 'webhook.created',
        summary: { url: RAW_URL, format: 'raw' },
      });
    });
  });

  describe('access', () => {
    it('sessions: the owner manages endpoints; a member may list endpoints and deliveries, nothing more', async () => {
      const asOwner = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
        api.client.asSession(owner.session, { method, url, payload });
      const asMember = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
        api.client.asSession(member, { method, url, payload });
      const created = await asOwner('POST', '/v1/webhooks', { url: RAW_URL, events: ['intake.completed'] });
      expect(created.statusCode).toBe(201);
      const { id } = created.json<Endpoint>();
      const tested = await asOwner('POST', `/v1/webhooks/${id}/test`);
      expect(tested.statusCode).toBe(202);
      const deliveryId = tested.json().delivery_id as string;

      expect((await asMember('GET', '/v1/webhooks')).json().webhooks.map((w: Endpoint) => w.id)).toContain(id);
      expect((await asMember('GET', `/v1/webhooks/${id}/deliveries`)).json().deliveries).toHaveLength(1);
      for (const [method, url, payload] of [
        ['POST', '/v1/webhooks', { url: RAW_URL, events: ['intake.completed'] }],
        ['POST', `/v1/webhooks/${id}/test`, undefined],
        ['POST', `/v1/webhooks/${id}/deliveries/${deliveryId}/retry`, undefined],
        ['DELETE', `/v1/webhooks/${id}`, undefined],
      ] as const) {
        const refused = await asMember(method, url, payload);
        expect([method, url, refused.statusCode, refused.json().reason]).toEqual([method, url, 403, 'owner_only']);
      }
      expect((await asOwner('POST', `/v1/webhooks/${id}/deliveries/${deliveryId}/retry`)).statusCode).toBe(200);
      expect((await asOwner('DELETE', `/v1/webhooks/${id}`)).statusCode).toBe(204);
    });

    it('API keys: no roles; reading needs intakes:read, changing intakes:write', async () => {
      const reader = (await api.client.createKey(member, ['intakes:read'])).key;
      const writer = (await api.client.createKey(member, ['intakes:write'])).key;
      const created = await register({ url: RAW_URL, events: ['item.submitted'] }, writer);
      expect(created.statusCode).toBe(201);
      const { id } = created.json<Endpoint>();
      expect((await asKey(reader, 'GET', '/v1/webhooks')).statusCode).toBe(200);
      expect((await deliveriesOf(id, reader)).statusCode).toBe(200);
      const refused = await register({ url: RAW_URL, events: ['item.submitted'] }, reader);
      expect([refused.statusCode, refused.json().reason]).toEqual([403, 'missing_scope']);
      expect((await sendTest(id, reader)).statusCode).toBe(403);
      expect((await asKey(reader, 'DELETE', `/v1/webhooks/${id}`)).statusCode).toBe(403);
      expect((await asKey(writer, 'GET', '/v1/webhooks')).statusCode).toBe(403);
      expect((await sendTest(id, writer)).statusCode).toBe(202);
      expect((await asKey(writer, 'DELETE', `/v1/webhooks/${id}`)).statusCode).toBe(204);
    });

    it('modes: a test key’s endpoints are test endpoints, shared by the account’s test keys; the other mode’s are 404 to a key', async () => {
      const test = await registered({ url: RAW_URL, events: ['item.submitted'] }, owner.testKey);
      const live = await registered({ url: RAW_URL, events: ['item.submitted'] });
      const liveDelivery = (await sendTest(live.id)).json().delivery_id as string;
      const otherTestKey = (await api.client.createKey(owner.session, ['admin'], 'test')).key;

      const testIds = (await list(otherTestKey)).webhooks.map((w) => w.id);
      expect(testIds).toContain(test.id);
      expect(testIds).not.toContain(live.id);
      expect((await list(owner.key)).webhooks.map((w) => w.id)).not.toContain(test.id);
      expect((await sendTest(test.id, otherTestKey)).statusCode).toBe(202);

      for (const response of [
        await deliveriesOf(live.id, owner.testKey as string),
        await sendTest(live.id, owner.testKey),
        await retry(live.id, liveDelivery, owner.testKey),
        await asKey(owner.testKey as string, 'DELETE', `/v1/webhooks/${live.id}`),
        await deliveriesOf(test.id),
        await sendTest(test.id),
        await asKey(owner.key, 'DELETE', `/v1/webhooks/${test.id}`),
      ]) {
        expect([response.statusCode, response.json().error]).toEqual([404, 'not_found']);
      }
    });

    it('another account’s endpoint and delivery are 404', async () => {
      const stranger = await api.owner();
      const theirs = await registered({ url: RAW_URL, events: ['item.submitted'] }, stranger.key);
      const theirDelivery = (await sendTest(theirs.id, stranger.key)).json().delivery_id as string;
      const mine = await registered({ url: RAW_URL, events: ['item.submitted'] });
      for (const response of [
        await deliveriesOf(theirs.id),
        await sendTest(theirs.id),
        await retry(theirs.id, theirDelivery),
        await retry(mine.id, theirDelivery),
        await retry(mine.id, 'whd_missing'),
        await asKey(owner.key, 'DELETE', `/v1/webhooks/${theirs.id}`),
        await asKey(owner.key, 'DELETE', '/v1/webhooks/whe_missing'),
      ]) {
        expect([response.statusCode, response.json().error]).toEqual([404, 'not_found']);
      }
      expect((await deliveriesOf(theirs.id, stranger.key)).json().deliveries).toHaveLength(1);
    });
  });

  describe('deliveries', () => {
    it('a test delivery is a pending row with the fixed test payload, due now, and wakes the dispatchers', async () => {
      const listener = new Client({ connectionString: api.environment.db.url });
      await listener.connect();
      const heard: string[] = [];
      listener.on('notification', (message) => heard.push(message.channel));
      await listener.query('LISTEN webhook_deliveries');
      try {
        const endpoint = await registered({ url: RAW_URL, events: ['intake.archived'] });
        const before = Date.now();
        const response = await sendTest(endpoint.id);
        expect(response.statusCode).toBe(202);
        expect(response.json()).toEqual({
          queued: true,
          delivery_id: expect.stringMatching(/^whd_[A-Za-z0-9_-]{22}$/),
        });
        const stored = await row(response.json().delivery_id);
        expect(stored).toMatchObject({
          endpoint_id: endpoint.id,
          outbox_id: null,
          event: 'item.submitted',
          status: 'pending',
          attempts: 0,
          max_attempts: 6,
          response_code: null,
          error: null,
          delivered_at: null,
          payload: {
            event: 'item.submitted',
            intake_id: TEST_PAYLOAD_INTAKE_ID,
            item_key: expect.any(String),
            message: expect.any(String),
            timestamp: expect.any(Number),
          },
        });
        expect(Object.keys(stored.payload).sort()).toEqual(['event', 'intake_id', 'item_key', 'message', 'timestamp']);
        expect(Math.abs(stored.payload.timestamp * 1000 - before)).toBeLessThan(5_000);
        expect(Math.abs(new Date(stored.next_retry_at).getTime() - before)).toBeLessThan(5_000);
        await listener.query('SELECT 1');
        expect(heard).toEqual(['webhook_deliveries']);

        const listed = (await deliveriesOf(endpoint.id)).json().deliveries;
        expect(listed).toEqual([
          {
            id: response.json().delivery_id,
            event: 'item.submitted',
            status: 'pending',
            attempts: 0,
            response_code: null,
            error: null,
            next_retry_at: new Date(stored.next_retry_at).toISOString(),
            created_at: new Date(stored.created_at).toISOString(),
            delivered_at: null,
          },
        ]);

        await retry(endpoint.id, response.json().delivery_id);
        await listener.query('SELECT 1');
        expect(heard).toEqual(['webhook_deliveries', 'webhook_deliveries']);
      } finally {
        await listener.end();
      }
    });

    it('lists the last 100, newest first, without payloads', async () => {
      const endpoint = await registered({ url: RAW_URL, events: ['item.submitted'] });
      await api.db.query(
        `INSERT INTO webhook_deliveries (id, endpoint_id, account_id, outbox_id, event, payload, status, attempts, created_at)
         SELECT 'whd_' || lpad(n::text, 22, '0'), $1, $2, n, 'intake.completed', '{"secret": "payload"}', 'delivered', 1,
                timestamptz '2026-01-01T00:00:00Z' + n * interval '1 minute'
           FROM generate_series(1, 105) AS n`,
        [endpoint.id, owner.accountId],
      );
      const response = await deliveriesOf(endpoint.id);
      expect(response.statusCode).toBe(200);
      const deliveries = response.json().deliveries as Array<{ id: string }>;
      expect(deliveries).toHaveLength(100);
      expect(deliveries.map((d) => d.id)).toEqual(
        Array.from({ length: 100 }, (_, i) => `whd_${String(105 - i).padStart(22, '0')}`),
      );
      expect(Object.keys(deliveries[0] as object).sort()).toEqual([
        'attempts',
        'created_at',
        'delivered_at',
        'error',
        'event',
        'id',
        'next_retry_at',
        'response_code',
        'status',
      ]);
      expect(response.body).not.toContain('payload');
    });

    it('retry: attempts never reset, and one that used all 6 gets exactly one more', async () => {
      const endpoint = await registered({ url: RAW_URL, events: ['item.submitted'] });
      const deliveryId = (await sendTest(endpoint.id)).json().delivery_id as string;
      await setDelivery(deliveryId, {
        status: 'failed',
        attempts: 6,
        next_retry_at: null,
        response_code: 500,
        error: 'the receiver answered HTTP 500',
      });
      const before = Date.now();
      const response = await retry(endpoint.id, deliveryId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        delivery: {
          id: deliveryId,
          event: 'item.submitted',
          status: 'pending',
          attempts: 6,
          response_code: 500,
          error: 'the receiver answered HTTP 500',
          next_retry_at: expect.any(String),
          created_at: expect.any(String),
          delivered_at: null,
        },
      });
      expect(Math.abs(Date.parse(response.json().delivery.next_retry_at) - before)).toBeLessThan(5_000);
      expect(await row(deliveryId)).toMatchObject({ status: 'pending', attempts: 6, max_attempts: 7 });

      // Its seventh attempt failed too: again exactly one more, never a fresh six.
      await setDelivery(deliveryId, { status: 'failed', attempts: 7, next_retry_at: null });
      expect((await retry(endpoint.id, deliveryId)).json().delivery).toMatchObject({ status: 'pending', attempts: 7 });
      expect(await row(deliveryId)).toMatchObject({ attempts: 7, max_attempts: 8 });

      // A pending one with attempts left is only made due now.
      await setDelivery(deliveryId, { status: 'pending', attempts: 2, max_attempts: 6, next_retry_at: '2030-01-01' });
      expect((await retry(endpoint.id, deliveryId)).json().delivery).toMatchObject({ status: 'pending', attempts: 2 });
      expect(await row(deliveryId)).toMatchObject({ attempts: 2, max_attempts: 6 });
    });

    it('retry is 409 delivery_succeeded for a delivered delivery and endpoint_inactive for a switched-off endpoint', async () => {
      const endpoint = await registered({ url: RAW_URL, events: ['item.submitted'] });
      const delivered = (await sendTest(endpoint.id)).json().delivery_id as string;
      const failed = (await sendTest(endpoint.id)).json().delivery_id as string;
      await setDelivery(delivered, { status: 'delivered', attempts: 1, response_code: 200, delivered_at: new Date() });
      await setDelivery(failed, {
        status: 'failed',
        attempts: 1,
        response_code: 410,
        error: 'the receiver answered HTTP 410',
      });
      const succeeded = await retry(endpoint.id, delivered);
      expect([succeeded.statusCode, succeeded.json().error, succeeded.json().reason]).toEqual([
        409,
        'conflict',
        'delivery_succeeded',
      ]);
      expect(await row(delivered)).toMatchObject({ status: 'delivered', attempts: 1 });

      await api.db.query(`UPDATE webhook_endpoints SET active = false, deactivated_at = now() WHERE id = $1`, [
        endpoint.id,
      ]);
      const inactive = await retry(endpoint.id, failed);
      expect([inactive.statusCode, inactive.json().reason]).toEqual([409, 'endpoint_inactive']);
      expect(await row(failed)).toMatchObject({ status: 'failed', attempts: 1, max_attempts: 6 });
      const test = await sendTest(endpoint.id);
      expect([test.statusCode, test.json().reason]).toEqual([409, 'endpoint_inactive']);
      expect((await list()).webhooks.find((w) => w.id === endpoint.id)).toMatchObject({ active: false });
      // Still readable and deletable.
      expect((await deliveriesOf(endpoint.id)).json().deliveries).toHaveLength(2);
    });

    it('deleting an endpoint removes its deliveries: 204, then 404', async () => {
      const endpoint = await registered({ url: RAW_URL, events: ['item.submitted'] });
      const kept = await registered({ url: RAW_URL, events: ['item.submitted'] });
      await sendTest(endpoint.id);
      await sendTest(endpoint.id);
      await sendTest(kept.id);
      const response = await asKey(owner.key, 'DELETE', `/v1/webhooks/${endpoint.id}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const left = await api.db.query(
        `SELECT endpoint_id FROM webhook_deliveries WHERE endpoint_id = ANY($1::text[])`,
        [[endpoint.id, kept.id]],
      );
      expect(left.rows).toEqual([{ endpoint_id: kept.id }]);
      expect((await asKey(owner.key, 'DELETE', `/v1/webhooks/${endpoint.id}`)).statusCode).toBe(404);
      expect((await deliveriesOf(endpoint.id)).statusCode).toBe(404);
      expect((await list()).webhooks.map((w) => w.id)).not.toContain(endpoint.id);
    });
  });

  describe('test-mode endpoints for the team (issue #29)', () => {
    const asOwner = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      api.client.asSession(owner.session, { method, url, payload });
    const listedBy = async (call: Promise<{ json<T>(): T }>) =>
      (await call).json<{ webhooks: Endpoint[] }>().webhooks.map((w) => [w.id, w.mode]);

    it('a session registers either mode (live by default) and lists both, each with its mode; a key lists its own', async () => {
      const live = await asOwner('POST', '/v1/webhooks', { url: RAW_URL, events: ['item.submitted'] });
      const test = await asOwner('POST', '/v1/webhooks', { url: RAW_URL, events: ['item.submitted'], mode: 'test' });
      expect([live.statusCode, live.json().mode, test.statusCode, test.json().mode]).toEqual([
        201,
        'live',
        201,
        'test',
      ]);
      const [liveId, testId] = [live.json<Endpoint>().id, test.json<Endpoint>().id];
      const stored = await api.db.query(
        `SELECT id, mode FROM webhook_endpoints WHERE id = ANY($1::text[]) ORDER BY mode`,
        [[liveId, testId]],
      );
      expect(stored.rows).toEqual([
        { id: liveId, mode: 'live' },
        { id: testId, mode: 'test' },
      ]);

      // The team sees both modes: the owner and a member alike.
      for (const session of [owner.session, member]) {
        const seen = await listedBy(api.client.asSession(session, { method: 'GET', url: '/v1/webhooks' }));
        expect(seen).toEqual(
          expect.arrayContaining([
            [liveId, 'live'],
            [testId, 'test'],
          ]),
        );
      }
      // A key sees its own mode only.
      const byLiveKey = await listedBy(asKey(owner.key, 'GET', '/v1/webhooks'));
      const byTestKey = await listedBy(asKey(owner.testKey as string, 'GET', '/v1/webhooks'));
      expect(byLiveKey).toContainEqual([liveId, 'live']);
      expect(byLiveKey.every(([, mode]) => mode === 'live')).toBe(true);
      expect(byTestKey).toContainEqual([testId, 'test']);
      expect(byTestKey.every(([, mode]) => mode === 'test')).toBe(true);

      const audit = (await asKey(owner.key, 'GET', '/v1/audit?limit=100')).json().entries as Array<{
        action: string;
        target_id: string;
        summary: { mode: string };
      }>;
      expect(audit.find((e) => e.target_id === testId)).toMatchObject({
        action: 'webhook.created',
        summary: { mode: 'test' },
      });
    });

    it('a key names only its own mode: the other is 422 on mode, registering nothing; so is a mode that does not exist', async () => {
      const before = await api.db.query(`SELECT count(*)::int AS n FROM webhook_endpoints`);
      for (const [key, mode] of [
        [owner.key, 'test'],
        [owner.testKey as string, 'live'],
      ] as const) {
        const refused = await register({ url: RAW_URL, events: ['item.submitted'], mode }, key);
        expect([refused.statusCode, refused.json().reason]).toEqual([422, 'validation_failed']);
        expect(refused.json().details).toEqual([{ path: 'mode', message: expect.stringContaining('endpoints only') }]);
      }
      const unknown = await asOwner('POST', '/v1/webhooks', { url: RAW_URL, events: ['item.submitted'], mode: 'beta' });
      expect([unknown.statusCode, unknown.json().details?.[0]?.path]).toEqual([422, 'mode']);
      const after = await api.db.query(`SELECT count(*)::int AS n FROM webhook_endpoints`);
      expect(after.rows[0].n).toBe(before.rows[0].n);
      // Its own mode, named, is fine.
      expect((await registered({ url: RAW_URL, events: ['item.submitted'], mode: 'test' }, owner.testKey)).mode).toBe(
        'test',
      );
      expect((await registered({ url: RAW_URL, events: ['item.submitted'], mode: 'live' })).mode).toBe('live');
    });

    it('a session reads, tests, retries and deletes a test endpoint; live keys still get 404 for it', async () => {
      const created = await asOwner('POST', '/v1/webhooks', {
        url: RAW_URL,
        events: ['intake.completed'],
        mode: 'test',
      });
      const { id } = created.json<Endpoint>();
      const tested = await asOwner('POST', `/v1/webhooks/${id}/test`);
      expect(tested.statusCode).toBe(202);
      const deliveryId = tested.json().delivery_id as string;

      const log = await asOwner('GET', `/v1/webhooks/${id}/deliveries`);
      expect(log.statusCode).toBe(200);
      expect(log.json()).toEqual({
        endpoint_id: id,
        mode: 'test',
        deliveries: [expect.objectContaining({ id: deliveryId, status: 'pending' })],
      });
      expect(
        (await api.client.asSession(member, { method: 'GET', url: `/v1/webhooks/${id}/deliveries` })).json(),
      ).toMatchObject({
        mode: 'test',
      });
      expect((await deliveriesOf(id, owner.testKey as string)).json()).toMatchObject({ endpoint_id: id, mode: 'test' });

      for (const response of [
        await deliveriesOf(id),
        await sendTest(id),
        await retry(id, deliveryId),
        await asKey(owner.key, 'DELETE', `/v1/webhooks/${id}`),
      ]) {
        expect([response.statusCode, response.json().error]).toEqual([404, 'not_found']);
      }

      await setDelivery(deliveryId, { status: 'failed', attempts: 6, next_retry_at: null });
      const retried = await asOwner('POST', `/v1/webhooks/${id}/deliveries/${deliveryId}/retry`);
      expect([retried.statusCode, retried.json().delivery.status]).toEqual([200, 'pending']);
      expect((await asOwner('DELETE', `/v1/webhooks/${id}`)).statusCode).toBe(204);
      expect((await deliveriesOf(id, owner.testKey as string)).statusCode).toBe(404);
    });

    it('a live endpoint’s deliveries list says live', async () => {
      const endpoint = await registered({ url: RAW_URL, events: ['item.submitted'] });
      expect((await deliveriesOf(endpoint.id)).json()).toEqual({
        endpoint_id: endpoint.id,
        mode: 'live',
        deliveries: [],
      });
    });

    it('events of test intakes go to test endpoints only, of live intakes to live ones; follow_up counts the intake’s mode', async () => {
      const studio = await api.owner({ plan: 'agency', testKey: true });
      const asStudio = (method: 'POST', url: string, payload?: object) =>
        api.client.asSession(studio.session, { method, url, payload });
      const events = ['intake.archived', 'item.submitted', 'intake.completed'];
      const live = (await asStudio('POST', '/v1/webhooks', { url: RAW_URL, events })).json<Endpoint>();
      const test = (await asStudio('POST', '/v1/webhooks', { url: RAW_URL, events, mode: 'test' })).json<Endpoint>();
      expect([live.mode, test.mode]).toEqual(['live', 'test']);

      const archivedDraft = async (key: string) => {
        const created = await asKey(key, 'POST', '/v1/intakes', {
          project_name: 'Modes',
          client: { email: 'jan@client.example', name: 'Jan' },
          items: [{ key: 'about', type: 'text', label: 'About' }],
          send: false,
        });
        expect(created.statusCode).toBe(201);
        const { intake_id, follow_up } = created.json();
        expect((await asKey(key, 'POST', `/v1/intakes/${intake_id}/archive`)).statusCode).toBe(200);
        return { id: intake_id as string, followUp: follow_up };
      };
      const liveIntake = await archivedDraft(studio.key);
      const testIntake = await archivedDraft(studio.testKey as string);
      // Each intake's advice counts the one endpoint of its own mode, which covers it.
      for (const intake of [liveIntake, testIntake]) {
        expect(intake.followUp).toMatchObject({ recommended: 'webhook', webhook: { active_endpoints: 1 } });
      }

      // The outbox relay's pass, as the scheduler and the dispatchers run it.
      const app = api.t.app;
      const relay = new RelayWebhookEvents(
        app.get(UnitOfWork, { strict: false }),
        new PostgresWebhookRelayStore(app.get(Sql, { strict: false })),
      );
      await relay.run(new Date());
      const fanned = await api.db.query(
        `SELECT endpoint_id, payload->>'intake_id' AS intake_id, event FROM webhook_deliveries
          WHERE endpoint_id = ANY($1::text[]) ORDER BY endpoint_id = $2 DESC`,
        [[live.id, test.id], live.id],
      );
      expect(fanned.rows).toEqual([
        { endpoint_id: live.id, intake_id: liveIntake.id, event: 'intake.archived' },
        { endpoint_id: test.id, intake_id: testIntake.id, event: 'intake.archived' },
      ]);
    });
  });

  describe('follow_up of POST /v1/intakes', () => {
    const intakeBody = {
      project_name: 'Follow-up',
      client: { email: 'jan@client.example', name: 'Jan' },
      items: [{ key: 'about', type: 'text', label: 'About' }],
      send: false,
    };
    const followUpOf = async (key: string) => {
      const response = await asKey(key, 'POST', '/v1/intakes', intakeBody);
      expect(response.statusCode).toBe(201);
      return response.json().follow_up;
    };

    it('turns to webhook once the active endpoints of the intake’s mode take item.submitted and intake.completed', async () => {
      const studio = await api.owner({ plan: 'agency', testKey: true });
      expect(await followUpOf(studio.key)).toMatchObject({
        recommended: 'schedule',
        webhook: { active_endpoints: 0, events: [], register_with: 'POST /v1/webhooks' },
      });
      await registered({ url: RAW_URL, events: ['item.submitted', 'client.viewed'] }, studio.key);
      await registered({ url: RAW_URL, events: ['intake.completed'] }, studio.testKey);
      expect(await followUpOf(studio.key)).toMatchObject({
        recommended: 'schedule',
        webhook: { active_endpoints: 1, events: ['item.submitted', 'client.viewed'] },
      });
      const completed = await registered({ url: SLACK_URL, events: ['intake.completed'], format: 'slack' }, studio.key);
      const advice = await followUpOf(studio.key);
      expect(advice).toMatchObject({
        recommended: 'webhook',
        reason: expect.stringContaining('item.submitted and intake.completed'),
        webhook: { active_endpoints: 2, events: ['item.submitted', 'intake.completed', 'client.viewed'] },
        schedule: { check_with: expect.stringMatching(/^GET \/v1\/intakes\/in_/) },
      });
      // A test intake counts only test endpoints.
      expect(await followUpOf(studio.testKey as string)).toMatchObject({
        recommended: 'schedule',
        webhook: { active_endpoints: 1, events: ['intake.completed'] },
      });
      // An endpoint switched off by a 410 no longer counts.
      await api.db.query(`UPDATE webhook_endpoints SET active = false WHERE id = $1`, [completed.id]);
      expect(await followUpOf(studio.key)).toMatchObject({
        recommended: 'schedule',
        webhook: { active_endpoints: 1, events: ['item.submitted', 'client.viewed'] },
      });
    });
  });
});
