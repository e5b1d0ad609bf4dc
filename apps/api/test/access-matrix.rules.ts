import { isUnsafe } from './access-matrix.document';
import { type Call, type Caller, anonymous, withKey, withSession } from './access-matrix.requests';
import { expectEach, inWorld, type Rule, viaKey, viaSession } from './access-matrix.checks';
import { allowed } from './access-matrix.allowed';
import { liveKeyOnTestOnly, otherAccount, otherMode } from './access-matrix.ids';

const json = (payload: string) => ({ payload, headers: { 'content-type': 'application/json' } });

const unauthenticated: Rule = {
  title: () => 'no, malformed or unknown credentials → 401 unauthorized, whatever the body',
  applies: () => true,
  async check(m, operation) {
    const values = await inWorld(operation, m.a.live);
    const callers: Caller[] = [
      anonymous('no credentials'),
      anonymous('a malformed Authorization header', { authorization: 'Basic YTpi' }),
      withKey('an unknown key', `svc_live_${'x'.repeat(40)}`),
      anonymous('an unknown session', { cookie: 'sid=unknown; csrf_token=t', 'x-csrf-token': 't' }),
    ];
    const calls: Call[] = callers.map((caller) => ({ caller, values }));
    // The guard runs before validation: a body the operation would refuse changes nothing.
    if (operation.object.requestBody)
      calls.push({ caller: anonymous('no credentials, invalid body'), values, body: json('[1]') });
    await expectEach(m, operation, calls, { status: 401, error: 'unauthorized' });
    if (operation.object.requestBody?.content?.['application/json']) {
      // Fastify parses a JSON body before Nest's guard runs: unparseable JSON is 400 even anonymously.
      const calls = [{ caller: anonymous('no credentials, unparseable JSON'), values, body: json('{') }];
      await expectEach(m, operation, calls, { status: 400, error: 'invalid_request', reason: 'malformed_json' });
    }
  },
};

const revoked: Rule = {
  title: () => 'a revoked key or a signed-out session → 401 unauthorized',
  applies: () => true,
  async check(m, operation) {
    const values = await inWorld(operation, m.a.live);
    const calls = [
      { caller: withKey('a revoked key', m.a.revokedKey), values },
      { caller: withSession('a signed-out session', () => m.a.signedOutSession), values },
    ];
    await expectEach(m, operation, calls, { status: 401, error: 'unauthorized' });
  },
};

const scope: Rule = {
  title: (access) => `a key without \`${access.scope}\` → 403 forbidden missing_scope`,
  applies: (_, access) => viaKey(access) && access.scope !== null,
  async check(m, operation, access) {
    const key = await m.a.keyLacking(access.scope ?? 'admin');
    const calls = [
      { caller: withKey('a key with every other scope', key), values: await inWorld(operation, m.a.live) },
    ];
    await expectEach(m, operation, calls, { status: 403, error: 'forbidden', reason: 'missing_scope' });
  },
};

const role: Rule = {
  title: (access) => `a member’s session → 403 forbidden ${access.role_reason ?? 'owner_only'}`,
  applies: (_, access) => viaSession(access) && access.role === 'owner',
  async check(m, operation, access) {
    const calls = [{ caller: withSession('a member', () => m.a.member), values: await inWorld(operation, m.a.live) }];
    await expectEach(m, operation, calls, {
      status: 403,
      error: 'forbidden',
      reason: access.role_reason ?? 'owner_only',
    });
  },
};

const sessionOnly: Rule = {
  title: () => 'an API key → 403 forbidden session_only',
  applies: (_, access) => access.via === 'session',
  async check(m, operation) {
    const values = await inWorld(operation, m.a.live);
    const calls = [
      { caller: withKey('a live admin key', m.a.owner.key), values },
      { caller: withKey('a test admin key', m.a.owner.testKey as string), values },
    ];
    await expectEach(m, operation, calls, { status: 403, error: 'forbidden', reason: 'session_only' });
  },
};

const keyOnly: Rule = {
  title: () => 'a session → 403 forbidden key_only',
  applies: (_, access) => access.via === 'key',
  async check(m, operation) {
    const values = await inWorld(operation, m.a.live);
    const calls = [
      { caller: withSession('the owner', () => m.a.owner.session), values },
      { caller: withSession('a member', () => m.a.member), values },
    ];
    await expectEach(m, operation, calls, { status: 403, error: 'forbidden', reason: 'key_only' });
  },
};

const csrf: Rule = {
  title: () => 'a session without the matching X-CSRF-Token → 403 forbidden csrf',
  applies: (operation, access) => viaSession(access) && isUnsafe(operation.method),
  async check(m, operation) {
    const values = await inWorld(operation, m.a.live);
    const owner = () => m.a.owner.session;
    const calls = [
      { caller: withSession('the owner, no header', owner, 'no header'), values },
      { caller: withSession('the owner, a wrong header', owner, 'wrong header'), values },
      { caller: withSession('the owner, no csrf_token cookie', owner, 'no csrf cookie'), values },
      { caller: withSession('a member, no header', () => m.a.member, 'no header'), values },
    ];
    await expectEach(m, operation, calls, { status: 403, error: 'forbidden', reason: 'csrf' });
  },
};

export const RULES: readonly Rule[] = [
  unauthenticated,
  revoked,
  scope,
  role,
  sessionOnly,
  keyOnly,
  csrf,
  otherAccount,
  otherMode,
  liveKeyOnTestOnly,
  allowed,
];
