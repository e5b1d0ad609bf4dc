import { type LightMyRequestResponse } from 'fastify';
import Redis from 'ioredis';
import { TcpProxy, TEST_REDIS_URL } from '@intake/testing';
import { invitationTokenFor, PASSWORD, uniqueEmail } from './accounts-client';
import { type Api, useApi } from './api-test-app';

/**
 * Throttling without lock-out (docs/adr/0013-throttle-without-lock-out.md): log-ins per (e-mail, client
 * address) and per client address, portal links and invitation tokens per client address; which
 * address counts follows TRUST_PROXY; Redis away, the counting goes on in the process.
 */

const ATTACKER = '203.0.113.66';
const HOME = '192.0.2.10';

const logIn = (api: Api, email: string, password: string, remoteAddress: string, headers = {}) =>
  api.client.request({ method: 'POST', url: '/v1/auth/login', payload: { email, password }, remoteAddress, headers });
const advance = (api: Api, seconds: number) =>
  api.client.request({ method: 'POST', url: '/_test/clock', payload: { advance_seconds: seconds } });
const retryAfter = (response: LightMyRequestResponse) => Number(response.headers['retry-after']);
const expectThrottled = (response: LightMyRequestResponse, reason: string) => {
  expect([response.statusCode, response.json()]).toEqual([
    429,
    expect.objectContaining({ error: 'rate_limited', reason, request_id: expect.any(String) }),
  ]);
  expect(retryAfter(response)).toBeGreaterThan(0);
};

describe('throttling without lock-out (real Postgres and Redis), TRUST_PROXY=false', () => {
  const api = useApi({ TEST_CLOCK: 'enabled', TRUST_PROXY: 'false' });

  it('THE LOCK-OUT TEST: wrong log-ins from another address, waiting out each refusal, never keep the owner out of theirs', async () => {
    const { email } = await api.client.signUp();
    // The pattern: 401 five times, then 429, whatever X-Forwarded-For says (TRUST_PROXY off).
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push(
        (await logIn(api, email, `wrong-${i}-password`, ATTACKER, { 'x-forwarded-for': `10.9.0.${i}` })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const refused = await logIn(api, email, PASSWORD, ATTACKER);
    expectThrottled(refused, 'login_throttled');
    expect(retryAfter(refused)).toBeLessThanOrEqual(60);
    // The owner, at their own address, with the right password: in.
    expect((await logIn(api, email, PASSWORD, HOME)).statusCode).toBe(200);

    // The attacker waits each refusal out and tries again: the wait doubles each time.
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const wait = retryAfter(await logIn(api, email, 'guess-password', ATTACKER));
      waits.push(wait);
      await advance(api, wait);
      expect((await logIn(api, email, `guess-${i}-password`, ATTACKER)).statusCode).toBe(401);
    }
    // Each wait runs from the failure, as the clock had it when the attempt came in (real time
    // flows on meanwhile: a second or two less on a busy machine).
    const doubled = [60, 120, 240, 480];
    for (const [i, wait] of waits.entries()) {
      expect(wait).toBeGreaterThan((doubled[i] ?? 0) - 5);
      expect(wait).toBeLessThanOrEqual(doubled[i] ?? 0);
    }
    const last = retryAfter(await logIn(api, email, PASSWORD, ATTACKER));
    expect(last).toBeGreaterThan(950);
    expect(last).toBeLessThanOrEqual(960);
    expect((await logIn(api, email, PASSWORD, HOME)).statusCode).toBe(200);
  }, 60_000);

  it('keys the tallies by a hash of the e-mail address: never in clear in Redis or in the log', async () => {
    const email = uniqueEmail('Hashed').replace('Hashed', 'HashedOwner');
    await logIn(api, email, 'wrong-password', ATTACKER);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const keys = await redis.keys(`${api.t.config.redis.prefix}:failures:*`);
      expect(keys.filter((k) => k.includes(':login:pair:')).length).toBeGreaterThan(0);
      expect(keys.join('\n').toLowerCase()).not.toContain('hashedowner');
    } finally {
      redis.disconnect();
    }
    expect(api.t.logs.text().toLowerCase()).not.toContain('hashedowner');
  });

  it('refuses a throttled attempt alike for an unknown e-mail address, without checking the password', async () => {
    const { email } = await api.client.signUp();
    const nobody = uniqueEmail('nobody');
    const address = '203.0.113.70';
    for (let i = 0; i < 5; i += 1) {
      await logIn(api, email, 'wrong-password', address);
      await logIn(api, nobody, 'wrong-password', address);
    }
    // One attempt that checks a password (scrypt), for scale on this machine.
    let started = Date.now();
    expect((await logIn(api, nobody, PASSWORD, '198.51.100.70')).statusCode).toBe(401);
    const checked = Date.now() - started;
    started = Date.now();
    const known = await logIn(api, email, PASSWORD, address);
    const unknown = await logIn(api, nobody, PASSWORD, address);
    expect(Date.now() - started).toBeLessThan(checked); // two answers in less than one password check
    expectThrottled(known, 'login_throttled');
    expectThrottled(unknown, 'login_throttled');
    // Alike but for the wait, which counts down from each pair's own fifth failure: on a busy
    // machine the two may fall either side of a second.
    const alike = (body: Record<string, unknown>) => {
      const { request_id: _id, ...rest } = body;
      return { ...rest, message: String(rest['message']).replace(/\d+ seconds/, 'N seconds') };
    };
    expect(alike(known.json())).toEqual(alike(unknown.json()));
    expect(String(known.json().message)).toMatch(/try again in (5\d|60) seconds/);
  }, 30_000);

  it('throttles a client address after 50 failures across e-mail addresses; other addresses go on', async () => {
    const { email } = await api.client.signUp();
    const address = '203.0.113.77';
    for (let i = 0; i < 50; i += 1) {
      const r = await logIn(api, uniqueEmail('stuffing'), 'guessing-password', address, {
        'x-forwarded-for': `198.18.${i}.1`,
      });
      expect(r.statusCode).toBe(401);
    }
    expectThrottled(await logIn(api, email, PASSWORD, address), 'login_throttled');
    expect((await logIn(api, email, PASSWORD, '198.51.100.1')).statusCode).toBe(200);
  }, 60_000);

  it('counts unknown portal links per client address: 20, then 429 for every link from it, known or not', async () => {
    const owner = await api.owner();
    const created = await api.client.asKey(owner.key, {
      method: 'POST',
      url: '/v1/intakes',
      payload: {
        project_name: 'Bakery site',
        client: { email: 'anna@bakery.example', name: 'Anna' },
        items: [{ key: 'about', type: 'text', label: 'About you' }],
      },
    });
    expect(created.statusCode).toBe(201);
    const slug = (created.json().portal_url as string).split('/').pop() as string;
    const guesser = '203.0.113.88';
    const get = (url: string, remoteAddress: string, headers = {}) =>
      api.client.request({ method: 'GET', url, remoteAddress, headers });
    for (let i = 0; i < 20; i += 1) {
      const guess = `${String(i).padStart(2, '0')}${'x'.repeat(20)}`;
      const url = i % 2 === 0 ? `/portal/v1/${guess}` : `/p/${guess}`;
      expect([url, (await get(url, guesser, { 'x-forwarded-for': `10.0.0.${i}` })).statusCode]).toEqual([url, 404]);
    }
    expectThrottled(await get(`/portal/v1/${'y'.repeat(22)}`, guesser), 'portal_throttled');
    expectThrottled(await get(`/portal/v1/${slug}`, guesser), 'portal_throttled');
    const page = await get(`/p/${slug}`, guesser);
    expect([page.statusCode, page.headers['content-type']]).toEqual([429, expect.stringContaining('text/html')]);
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
    // The client, at their own address, opens their link.
    expect((await get(`/portal/v1/${slug}`, HOME)).statusCode).toBe(200);
    expect((await get(`/p/${slug}`, HOME)).statusCode).toBe(200);
  }, 30_000);

  it('counts unknown invitation tokens per client address: 10, then 429 invitation_throttled, even for a real one', async () => {
    const owner = await api.client.owner();
    const email = uniqueEmail('member');
    await api.client.asSession(owner.session, {
      method: 'POST',
      url: '/v1/team/invitations',
      payload: { email, name: 'Petr' },
    });
    const token = await invitationTokenFor(api.t.config.mail.outboxDir, email);
    const accept = (t: string, remoteAddress: string) =>
      api.client.request({
        method: 'POST',
        url: '/v1/auth/accept-invitation',
        payload: { token: t, password: PASSWORD, name: 'Petr' },
        remoteAddress,
      });
    const guesser = '203.0.113.99';
    for (let i = 0; i < 10; i += 1) {
      expect((await accept(`guessed-token-${i}-${'z'.repeat(30)}`, guesser)).json()).toMatchObject({
        reason: 'invitation_invalid',
      });
    }
    expectThrottled(await accept(token, guesser), 'invitation_throttled');
    expect((await accept(token, HOME)).statusCode).toBe(201);
  }, 30_000);
});

describe('throttling, TRUST_PROXY=true: the forwarded address counts', () => {
  const api = useApi({ TEST_CLOCK: 'enabled', TRUST_PROXY: 'true' });

  it('counts different forwarded addresses as different clients: 100 failures from 20 of them never keep the owner out', async () => {
    const { email } = await api.client.signUp();
    const proxy = '10.0.0.2';
    const from = (client: string) => ({ 'x-forwarded-for': client });
    const statuses = new Map<number, number>();
    for (let i = 0; i < 100; i += 1) {
      const status = (await logIn(api, email, `wrong-${i}-password`, proxy, from(`198.18.${i % 20}.1`))).statusCode;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    // Each address fails 5 times, then waits; nothing the addresses do reaches the owner's.
    expect(Object.fromEntries(statuses)).toEqual({ 401: 100 });
    expectThrottled(await logIn(api, email, PASSWORD, proxy, from('198.18.0.1')), 'login_throttled');
    expect((await logIn(api, email, PASSWORD, proxy, from(HOME))).statusCode).toBe(200);
    // The proxy's own address is not the client: it is never throttled for them.
    expect((await logIn(api, email, PASSWORD, proxy)).statusCode).toBe(200);
  }, 120_000);
});

describe('throttling, TRUST_PROXY=<the proxy>: only the proxy’s own entry is believed', () => {
  const api = useApi({ TEST_CLOCK: 'enabled', TRUST_PROXY: '10.0.0.0/8' });

  it('counts the address the proxy saw, whatever the client put in front of it', async () => {
    const { email } = await api.client.signUp();
    const proxy = '10.0.0.2';
    for (let i = 0; i < 5; i += 1) {
      // The client forges an entry; the proxy appends the address it saw.
      await logIn(api, email, 'wrong-password', proxy, { 'x-forwarded-for': `198.18.0.${i}, ${ATTACKER}` });
    }
    const forged = { 'x-forwarded-for': `198.18.0.99, ${ATTACKER}` };
    expectThrottled(await logIn(api, email, PASSWORD, proxy, forged), 'login_throttled');
    expect((await logIn(api, email, PASSWORD, proxy, { 'x-forwarded-for': HOME })).statusCode).toBe(200);
    // Straight from an untrusted address, X-Forwarded-For is not believed.
    const direct = await logIn(api, email, PASSWORD, ATTACKER, { 'x-forwarded-for': HOME });
    expectThrottled(direct, 'login_throttled');
  }, 30_000);
});

describe('throttling while Redis is away', () => {
  let redisProxy: TcpProxy;
  // Without the test clock: it keeps its offset in Redis and reads it on every request.
  const api = useApi(
    {},
    {
      prepare: async (environment) => {
        const redis = new URL(environment.env['REDIS_URL'] as string);
        redisProxy = await new TcpProxy(redis.hostname, Number(redis.port || 6379)).start();
        return { ...environment.env, REDIS_URL: `redis://127.0.0.1:${redisProxy.port}` };
      },
    },
  );
  afterAll(async () => {
    await redisProxy?.stop();
  });

  it('keeps serving log-ins, counting failures in the process: 401 five times, then 429; the owner at home gets in', async () => {
    const { email } = await api.client.signUp();
    redisProxy.cut();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) statuses.push((await logIn(api, email, 'wrong-password', ATTACKER)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      expect((await logIn(api, email, PASSWORD, HOME)).statusCode).toBe(200);
    } finally {
      redisProxy.restore();
    }
  }, 30_000);
});
