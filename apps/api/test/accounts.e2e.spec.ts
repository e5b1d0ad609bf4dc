import { invitationTokenFor, PASSWORD, type Session, uniqueEmail } from './accounts-client';
import { useApi } from './api-test-app';

describe('accounts and access (real Postgres and Redis)', () => {
  const api = useApi({ TEST_CLOCK: 'enabled' });

  const setClock = (now: string) => api.client.request({ method: 'POST', url: '/_test/clock', payload: { now } });

  describe('sign-up and log-in', () => {
    it('signs up an owner on the free plan', async () => {
      const email = uniqueEmail('signup');
      const response = await api.client.request({
        method: 'POST',
        url: '/v1/auth/signup',
        payload: { email, password: PASSWORD, name: 'Jana', account_name: 'Studio Nováková' },
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.user).toMatchObject({ email, name: 'Jana', role: 'owner' });
      expect(body.account).toMatchObject({ name: 'Studio Nováková', plan: 'free', default_language: 'en' });
      expect(body.user.id).toMatch(/^usr_/);
      expect(body.account.id).toMatch(/^acc_/);
      expect(response.body).not.toMatch(/password|scrypt/);
    });

    it('refuses a taken e-mail, whatever its case, with 409 email_taken', async () => {
      const { email } = await api.client.signUp();
      const response = await api.client.request({
        method: 'POST',
        url: '/v1/auth/signup',
        payload: { email: email.toUpperCase(), password: PASSWORD, name: 'X', account_name: 'Y' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'conflict', reason: 'email_taken' });
    });

    it('validates the sign-up body field by field', async () => {
      const response = await api.client.request({
        method: 'POST',
        url: '/v1/auth/signup',
        payload: { email: 'nope', password: 'short', name: '   ' },
      });
      expect(response.statusCode).toBe(422);
      const paths = response.json<{ details: Array<{ path: string }> }>().details.map((d) => d.path);
      expect(paths.sort()).toEqual(['account_name', 'email', 'name', 'password']);
    });

    it('logs in with session and CSRF cookies; wrong credentials are 401', async () => {
      const { email } = await api.client.signUp();
      const response = await api.client.request({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email, password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const sid = response.cookies.find((c) => c.name === 'sid');
      const csrf = response.cookies.find((c) => c.name === 'csrf_token');
      expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(sid?.secure).toBeFalsy(); // Secure only in production
      expect(csrf?.httpOnly).toBeFalsy();
      expect(response.body).not.toContain(String(sid?.value));

      for (const payload of [
        { email, password: 'wrong password!' },
        { email: uniqueEmail('nobody'), password: PASSWORD },
      ]) {
        const wrong = await api.client.request({ method: 'POST', url: '/v1/auth/login', payload });
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json().error).toBe('unauthorized');
      }
    });

    it('me answers the session’s user, account and role; log-out ends the session', async () => {
      const { session, email } = await api.client.owner();
      const me = await api.client.asSession(session, { method: 'GET', url: '/v1/auth/me' });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ user: { email }, role: 'owner' });

      expect((await api.client.asSession(session, { method: 'POST', url: '/v1/auth/logout' })).statusCode).toBe(204);
      expect((await api.client.asSession(session, { method: 'GET', url: '/v1/auth/me' })).statusCode).toBe(401);
    });

    // Throttling without lock-out: the whole policy is in throttling.e2e.spec.ts.
    it('throttles log-in per e-mail address and client address, with Retry-After; another address gets in', async () => {
      const { email } = await api.client.signUp();
      const attempt = (password: string, remoteAddress: string) =>
        api.client.request({ method: 'POST', url: '/v1/auth/login', payload: { email, password }, remoteAddress });
      for (let i = 0; i < 5; i += 1) expect((await attempt(`wrong-${i}-password`, '203.0.113.5')).statusCode).toBe(401);
      const blocked = await attempt(PASSWORD, '203.0.113.5');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ error: 'rate_limited', reason: 'login_throttled' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await attempt(PASSWORD, '198.51.100.5')).statusCode).toBe(200);
      // The wait passes: the right password works from the first address too.
      await api.client.request({ method: 'POST', url: '/_test/clock', payload: { advance_seconds: 60 } });
      expect((await attempt(PASSWORD, '203.0.113.5')).statusCode).toBe(200);
    });
  });

  describe('CSRF double submit', () => {
    it('refuses an unsafe cookie request without the matching header (403 reason csrf)', async () => {
      const { session } = await api.client.owner();
      const body = { name: 'k', scopes: ['admin'] };
      const cases = [
        { cookie: session.cookie },
        { cookie: session.cookie, 'x-csrf-token': 'not-the-token' },
        { cookie: `sid=${session.sid}`, 'x-csrf-token': session.csrf },
      ];
      for (const headers of cases) {
        const response = await api.client.request({ method: 'POST', url: '/v1/keys', headers, payload: body });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ error: 'forbidden', reason: 'csrf' });
      }
      // Safe methods need no token; a correct token passes.
      expect(
        (await api.client.request({ method: 'GET', url: '/v1/keys', headers: { cookie: session.cookie } })).statusCode,
      ).toBe(200);
      expect((await api.client.asSession(session, { method: 'POST', url: '/v1/keys', payload: body })).statusCode).toBe(
        201,
      );
    });
  });

  describe('API keys', () => {
    let owner: { session: Session; accountId: string };
    beforeAll(async () => {
      owner = await api.client.owner();
    });

    it('sign-up → log-in → create key → use key', async () => {
      const response = await api.client.asSession(owner.session, {
        method: 'POST',
        url: '/v1/keys',
        payload: { name: 'Zapier', scopes: ['intakes:read', 'intakes:write'] },
      });
      expect(response.statusCode).toBe(201);
      const created = response.json();
      expect(created.key).toMatch(/^svc_live_[A-Za-z0-9_-]{43}$/);
      expect(created).toMatchObject({
        name: 'Zapier',
        mode: 'live',
        scopes: ['intakes:read', 'intakes:write'],
        prefix: 'svc_live_',
      });
      expect(created.last4).toBe(created.key.slice(-4));
      expect(Buffer.from(created.key.slice('svc_live_'.length), 'base64url').length * 8).toBeGreaterThanOrEqual(128);

      const used = await api.client.asKey(created.key, { method: 'GET', url: '/v1/account' });
      expect(used.statusCode).toBe(200);
      expect(used.json().account.id).toBe(owner.accountId);
      // The key learns its own mode and scopes (the MCP server's stdio transport offers tools by them).
      expect(used.json().api_key).toEqual({
        id: created.id,
        mode: 'live',
        scopes: ['intakes:read', 'intakes:write'],
      });

      const list = await api.client.asSession(owner.session, { method: 'GET', url: '/v1/keys' });
      const listed = list.json().keys.find((k: { id: string }) => k.id === created.id);
      expect(Object.keys(listed).sort()).toEqual(
        ['created_at', 'id', 'last4', 'last_used_at', 'mode', 'name', 'prefix', 'revoked_at', 'scopes'].sort(),
      );
      expect(listed.last_used_at).not.toBeNull();
      expect(list.body).not.toContain(created.key);
    });

    it('test keys are svc_test_ keys', async () => {
      const { key } = await api.client.createKey(owner.session, ['admin'], 'test');
      expect(key).toMatch(/^svc_test_/);
    });

    it('a revoked key gets 401; revoking it again is 400; an unknown id is 404', async () => {
      const { id, key } = await api.client.createKey(owner.session);
      expect((await api.client.asSession(owner.session, { method: 'DELETE', url: `/v1/keys/${id}` })).statusCode).toBe(
        204,
      );
      const refused = await api.client.asKey(key, { method: 'GET', url: '/v1/account' });
      expect(refused.statusCode).toBe(401);
      const again = await api.client.asSession(owner.session, { method: 'DELETE', url: `/v1/keys/${id}` });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ error: 'invalid_request', reason: 'key_already_revoked' });
      expect(
        (await api.client.asSession(owner.session, { method: 'DELETE', url: '/v1/keys/key_unknown' })).statusCode,
      ).toBe(404);
    });

    it('DELETE /v1/keys/current revokes the calling key and is key-only', async () => {
      const { key } = await api.client.createKey(owner.session);
      expect((await api.client.asKey(key, { method: 'DELETE', url: '/v1/keys/current' })).statusCode).toBe(204);
      expect((await api.client.asKey(key, { method: 'GET', url: '/v1/account' })).statusCode).toBe(401);
      const bySession = await api.client.asSession(owner.session, { method: 'DELETE', url: '/v1/keys/current' });
      expect(bySession.statusCode).toBe(403);
      expect(bySession.json().reason).toBe('key_only');
    });

    it('keys cannot manage keys or call session-only routes (403 session_only)', async () => {
      const { key } = await api.client.createKey(owner.session);
      for (const [method, url] of [
        ['POST', '/v1/keys'],
        ['GET', '/v1/keys'],
        ['GET', '/v1/auth/me'],
        ['GET', '/v1/team/members'],
      ] as const) {
        const response = await api.client.asKey(key, {
          method,
          url,
          payload: method === 'POST' ? { name: 'x', scopes: ['admin'] } : undefined,
        });
        expect([url, response.statusCode, response.json().reason]).toEqual([url, 403, 'session_only']);
      }
    });

    it('another account’s key id is 404', async () => {
      const other = await api.client.owner();
      const { id } = await api.client.createKey(other.session);
      expect((await api.client.asSession(owner.session, { method: 'DELETE', url: `/v1/keys/${id}` })).statusCode).toBe(
        404,
      );
    });

    it.each([
      ['no credentials', {}],
      ['a malformed Authorization header', { authorization: 'Basic dXNlcjpwYXNz' }],
      ['a malformed key', { authorization: 'Bearer svc_live_short' }],
      ['an unknown key', { authorization: `Bearer svc_live_${'A'.repeat(43)}` }],
      ['an unknown session', { cookie: 'sid=not-a-session' }],
    ])('%s is 401 unauthorized', async (_what, headers) => {
      const response = await api.client.request({ method: 'GET', url: '/v1/account', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('unauthorized');
    });

    it('validates key creation', async () => {
      const response = await api.client.asSession(owner.session, {
        method: 'POST',
        url: '/v1/keys',
        payload: { name: '', mode: 'prod', scopes: ['intakes:delete'] },
      });
      expect(response.statusCode).toBe(422);
      const paths = response.json<{ details: Array<{ path: string }> }>().details.map((d) => d.path);
      expect(paths).toEqual(expect.arrayContaining(['name', 'mode', 'scopes']));
    });
  });

  describe('scopes and roles', () => {
    let owner: { session: Session; accountId: string; userId: string };
    let member: { session: Session; userId: string; email: string };

    beforeAll(async () => {
      owner = await api.client.owner();
      const email = uniqueEmail('member');
      const invited = await api.client.asSession(owner.session, {
        method: 'POST',
        url: '/v1/team/invitations',
        payload: { email, name: 'Petr' },
      });
      expect(invited.statusCode).toBe(201);
      expect(invited.json()).toMatchObject({ invitation: { email, name: 'Petr' }, email_sent: true });
      const token = await invitationTokenFor(api.t.config.mail.outboxDir, email);
      const accepted = await api.client.request({
        method: 'POST',
        url: '/v1/auth/accept-invitation',
        payload: { token, password: PASSWORD, name: 'Petr S.' },
      });
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json().user).toMatchObject({ email, role: 'member' });
      expect(accepted.json().account.id).toBe(owner.accountId);
      member = { session: await api.client.logIn(email), userId: accepted.json().user.id, email };

      const reused = await api.client.request({
        method: 'POST',
        url: '/v1/auth/accept-invitation',
        payload: { token, password: PASSWORD, name: 'Again' },
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().reason).toBe('invitation_invalid');
    });

    it.each([
      ['intakes:read', 'GET', '/v1/audit', 403],
      ['intakes:write', 'PATCH', '/v1/account', 403],
      ['secrets:read', 'GET', '/v1/audit', 403],
      ['admin', 'GET', '/v1/audit', 200],
      ['admin', 'PATCH', '/v1/account', 200],
      ['intakes:read', 'GET', '/v1/account', 200],
      ['intakes:read', 'GET', '/v1/usage', 200],
    ] as const)('a key with %s: %s %s → %i', async (scope, method, url, status) => {
      const { key } = await api.client.createKey(owner.session, [scope]);
      const response = await api.client.asKey(key, {
        method,
        url,
        payload: method === 'PATCH' ? { name: 'Renamed by key' } : undefined,
      });
      expect(response.statusCode).toBe(status);
      if (status === 403) expect(response.json().reason).toBe('missing_scope');
    });

    it.each([
      ['POST', '/v1/team/invitations', { email: 'x@example.test', name: 'X' }],
      ['PATCH', '/v1/account', { name: 'Member rename' }],
      ['DELETE', '/v1/team/members/usr_whoever', undefined],
    ] as const)('a member gets 403 owner_only for %s %s', async (method, url, payload) => {
      const response = await api.client.asSession(member.session, { method, url, payload });
      expect(response.statusCode).toBe(403);
      expect(response.json().reason).toBe('owner_only');
    });

    it('members can read the team, account and usage', async () => {
      const members = await api.client.asSession(member.session, { method: 'GET', url: '/v1/team/members' });
      expect(members.statusCode).toBe(200);
      expect(members.json().members.map((m: { role: string }) => m.role)).toEqual(['owner', 'member']);
      expect((await api.client.asSession(member.session, { method: 'GET', url: '/v1/account' })).statusCode).toBe(200);
      expect((await api.client.asSession(member.session, { method: 'GET', url: '/v1/usage' })).statusCode).toBe(200);
    });

    it('inviting an address that already has an account is 409', async () => {
      const response = await api.client.asSession(owner.session, {
        method: 'POST',
        url: '/v1/team/invitations',
        payload: { email: member.email, name: 'Dup' },
      });
      expect(response.statusCode).toBe(409);
    });

    it('the owner cannot be removed; a removed member’s session ends', async () => {
      const self = await api.client.asSession(owner.session, {
        method: 'DELETE',
        url: `/v1/team/members/${owner.userId}`,
      });
      expect(self.statusCode).toBe(400);
      expect(self.json().reason).toBe('cannot_remove_owner');
      expect(
        (await api.client.asSession(owner.session, { method: 'DELETE', url: `/v1/team/members/${member.userId}` }))
          .statusCode,
      ).toBe(204);
      expect((await api.client.asSession(member.session, { method: 'GET', url: '/v1/account' })).statusCode).toBe(401);
      expect(
        (await api.client.asSession(owner.session, { method: 'DELETE', url: `/v1/team/members/${member.userId}` }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('account, usage, pricing', () => {
    it('GET /v1/account shows the account and its plan', async () => {
      const { session } = await api.client.owner();
      const response = await api.client.asSession(session, { method: 'GET', url: '/v1/account' });
      expect(response.statusCode).toBe(200);
      expect(response.json().api_key).toBeNull();
      expect(response.json().plan).toMatchObject({
        id: 'free',
        requests_per_hour: 60,
        recommended_poll_interval_seconds: 300,
      });
    });

    it('PATCH /v1/account changes settings, clears with null, and needs a field', async () => {
      const { session } = await api.client.owner();
      const patch = (payload: object) =>
        api.client.asSession(session, { method: 'PATCH', url: '/v1/account', payload });
      const changed = await patch({
        name: 'Nové jméno',
        default_language: 'cs',
        default_timezone: 'Europe/Bratislava',
        sender_name: 'Jana',
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().account).toMatchObject({
        name: 'Nové jméno',
        default_language: 'cs',
        default_timezone: 'Europe/Bratislava',
        sender_name: 'Jana',
      });
      expect((await patch({ sender_name: null })).json().account.sender_name).toBeNull();

      const empty = await patch({});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe('invalid_request');

      const invalid = await patch({ default_language: 'fr', default_timezone: 'Mars/Base' });
      expect(invalid.statusCode).toBe(422);
      expect(
        invalid
          .json()
          .details.map((d: { path: string }) => d.path)
          .sort(),
      ).toEqual(['default_language', 'default_timezone']);
    });

    it('PATCH /v1/account switches the owner notifications (all on for the owner, off for members, at first)', async () => {
      const { session } = await api.client.owner();
      const patch = (payload: object) =>
        api.client.asSession(session, { method: 'PATCH', url: '/v1/account', payload });
      const initial = await api.client.asSession(session, { method: 'GET', url: '/v1/account' });
      expect(initial.json().account).toMatchObject({
        notify_on_completed: true,
        notify_on_stalled: true,
        notify_on_overdue: true,
        notify_on_bounced: true,
        notify_members: false,
      });
      const changed = await patch({ notify_on_overdue: false, notify_members: true });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().account).toMatchObject({
        notify_on_completed: true,
        notify_on_overdue: false,
        notify_members: true,
      });
      const again = await api.client.asSession(session, { method: 'GET', url: '/v1/account' });
      expect(again.json().account).toMatchObject({ notify_on_overdue: false, notify_members: true });

      const invalid = await patch({ notify_on_completed: 'yes', notify_members: null });
      expect(invalid.statusCode).toBe(422);
      expect(
        invalid
          .json()
          .details.map((d: { path: string }) => d.path)
          .sort(),
      ).toEqual(['notify_members', 'notify_on_completed']);
    });

    it('GET /v1/usage has the spec’s shape for the current period', async () => {
      await setClock('2030-06-15T12:00:00Z');
      const { session } = await api.client.owner();
      const response = await api.client.asSession(session, { method: 'GET', url: '/v1/usage' });
      expect(response.json()).toEqual({
        period: '2030-06',
        intakes: { used: 0, limit: 10 },
        storage_bytes: { used: 0, limit: 1024 ** 3 },
        sms_messages: { used: 0, limit: 0 },
        sms_credits: { balance: 0, used_this_period: 0 },
      });
    });

    it('GET /pricing.json is public and lists the four plans', async () => {
      const response = await api.client.request({ method: 'GET', url: '/pricing.json' });
      expect(response.statusCode).toBe(200);
      expect(
        response.json().plans.map((p: { id: string; requests_per_hour: number }) => [p.id, p.requests_per_hour]),
      ).toEqual([
        ['free', 60],
        ['solo', 600],
        ['studio', 1500],
        ['agency', 3000],
      ]);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    });
  });

  describe('hourly request limit', () => {
    it('the 60th request passes, the 61st is 429 until the top of the hour; keys share, accounts do not', async () => {
      await setClock('2030-01-01T10:59:00Z');
      const a = await api.client.owner();
      const b = await api.client.owner();
      const keyA1 = await api.client.createKey(a.session); // request 1 of account A
      const keyA2 = await api.client.createKey(a.session); // request 2

      let last;
      for (let i = 3; i <= 60; i += 1) {
        last = await api.client.asKey(i % 2 ? keyA1.key : keyA2.key, { method: 'GET', url: '/v1/account' });
        expect(last.statusCode).toBe(200);
      }
      expect(last?.headers['x-ratelimit-limit']).toBe('60');
      expect(last?.headers['x-ratelimit-remaining']).toBe('0');
      expect(last?.headers['x-ratelimit-reset']).toBe(String(Date.parse('2030-01-01T11:00:00Z') / 1000));

      const refused = await api.client.asKey(keyA1.key, { method: 'GET', url: '/v1/account' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'rate_limited', reason: 'hourly_limit' });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json().message).toContain('60 requests per hour');
      expect(refused.json().message).toContain(`${retryAfter} seconds`);
      // The session of the same account shares the counter.
      expect((await api.client.asSession(a.session, { method: 'GET', url: '/v1/account' })).statusCode).toBe(429);
      // Another account does not.
      const other = await api.client.asSession(b.session, { method: 'GET', url: '/v1/account' });
      expect(other.statusCode).toBe(200);
      expect(other.headers['x-ratelimit-remaining']).toBe('59');

      await setClock('2030-01-01T11:00:01Z');
      const fresh = await api.client.asKey(keyA2.key, { method: 'GET', url: '/v1/account' });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.headers['x-ratelimit-remaining']).toBe('59');
    });
  });

  describe('audit log', () => {
    it('records every state-changing call, newest first, filterable, without secrets', async () => {
      const owner = await api.client.owner();
      const { id: keyId, key } = await api.client.createKey(owner.session);
      await api.client.asSession(owner.session, { method: 'DELETE', url: `/v1/keys/${keyId}` });
      const admin = await api.client.createKey(owner.session);
      await api.client.asKey(admin.key, { method: 'PATCH', url: '/v1/account', payload: { name: 'Via key' } });

      const page = await api.client.asKey(admin.key, { method: 'GET', url: '/v1/audit?limit=100' });
      expect(page.statusCode).toBe(200);
      const entries = page.json().entries as Array<{
        action: string;
        actor: { type: string; id: string; mode: string | null };
        target_id: string;
        request_id: string;
        ip: string;
      }>;
      expect(entries.map((e) => e.action)).toEqual([
        'account.updated',
        'api_key.created',
        'api_key.revoked',
        'api_key.created',
        'auth.logged_in',
        'account.created',
      ]);
      expect(entries[0]?.actor).toEqual({ type: 'api_key', id: admin.id, mode: 'live' });
      expect(entries[2]).toMatchObject({
        action: 'api_key.revoked',
        target_id: keyId,
        actor: { type: 'user', id: owner.userId },
      });
      for (const entry of entries) expect(entry.request_id).toMatch(/^req_/);
      expect(page.body).not.toContain(key);
      expect(page.body).not.toContain(admin.key);
      expect(page.body).not.toContain(PASSWORD);

      const byAction = await api.client.asKey(admin.key, { method: 'GET', url: '/v1/audit?action=api_key.created' });
      expect(byAction.json().total).toBe(2);
      const byTarget = await api.client.asKey(admin.key, { method: 'GET', url: `/v1/audit?target=${keyId}` });
      expect(byTarget.json().entries.map((e: { action: string }) => e.action)).toEqual([
        'api_key.revoked',
        'api_key.created',
      ]);
      const byActor = await api.client.asKey(admin.key, { method: 'GET', url: `/v1/audit?actor=${admin.id}` });
      expect(byActor.json().entries.map((e: { action: string }) => e.action)).toEqual(['account.updated']);
      const paged = await api.client.asKey(admin.key, { method: 'GET', url: '/v1/audit?limit=2&offset=1' });
      expect(paged.json()).toMatchObject({ total: 6, limit: 2, offset: 1 });
      expect(paged.json().entries.map((e: { action: string }) => e.action)).toEqual([
        'api_key.created',
        'api_key.revoked',
      ]);
      expect((await api.client.asKey(admin.key, { method: 'GET', url: '/v1/audit?limit=101' })).statusCode).toBe(422);
    });

    it('another account sees none of it', async () => {
      const a = await api.client.owner();
      const b = await api.client.owner();
      const bKey = await api.client.createKey(b.session);
      const page = await api.client.asKey(bKey.key, { method: 'GET', url: `/v1/audit?actor=${a.userId}` });
      expect(page.json()).toMatchObject({ total: 0, entries: [] });
    });

    it('is append-only in the database itself', async () => {
      await expect(api.db.query(`UPDATE audit_entries SET action = 'forged'`)).rejects.toThrow(/append-only/);
      await expect(api.db.query(`DELETE FROM audit_entries`)).rejects.toThrow(/append-only/);
      await expect(api.db.query(`TRUNCATE audit_entries`)).rejects.toThrow(/append-only/);
    });
  });

  it('no key, password, password hash or session id in any response body or log line', async () => {
    const before = api.t.logs.lines.length;
    const owner = await api.client.owner();
    const created = await api.client.createKey(owner.session);
    const bodies: string[] = [];
    for (const url of ['/v1/keys', '/v1/auth/me', '/v1/account', '/v1/audit', '/v1/team/members']) {
      bodies.push((await api.client.asSession(owner.session, { method: 'GET', url })).body);
    }
    bodies.push((await api.client.asKey(created.key, { method: 'GET', url: '/v1/account' })).body);
    const logs = api.t.logs.lines.slice(before).join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const text of [...bodies, logs]) {
      expect(text).not.toContain(created.key);
      expect(text).not.toContain(created.key.slice('svc_live_'.length));
      expect(text).not.toContain(owner.session.sid);
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain('scrypt$');
    }
  });
});

describe('RATE_LIMIT_MODE=observe', () => {
  const api = useApi({ RATE_LIMIT_MODE: 'observe' });

  it('counts and reports the hourly limit but never refuses', async () => {
    const { session } = await api.client.owner();
    const { key } = await api.client.createKey(session);
    let last;
    for (let i = 0; i < 62; i += 1) last = await api.client.asKey(key, { method: 'GET', url: '/v1/account' });
    expect(last?.statusCode).toBe(200);
    expect(last?.headers['x-ratelimit-remaining']).toBe('0');
  });
});

describe('SIGNUP=disabled', () => {
  const api = useApi({ SIGNUP: 'disabled' });

  it('refuses sign-up with 403 signup_disabled', async () => {
    const response = await api.t.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: { email: uniqueEmail(), password: PASSWORD, name: 'A', account_name: 'B' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().reason).toBe('signup_disabled');
  });
});
