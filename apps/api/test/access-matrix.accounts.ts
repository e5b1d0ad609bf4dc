import { SCOPES, type Scope } from '@intake/domain-accounts';
import { type Session } from './accounts-client';
import { type Api, type Owner } from './api-test-app';
import { isRestricted, type OpenApiDocument, type Operation } from './access-matrix.document';
import { fixturesOf, inviteMember, World, worldIntakeBody } from './access-matrix.fixtures';

/** A session that can sign in again when an operation (POST /v1/auth/logout) ended it. */
export class SessionHolder {
  constructor(
    private readonly api: Api,
    private readonly email: string,
    public current: Session,
  ) {}

  readonly get = () => this.current;

  async ensureAlive(): Promise<void> {
    const me = await this.api.client.asSession(this.current, { method: 'GET', url: '/v1/auth/me' });
    if (me.statusCode === 401) this.current = await this.api.client.logIn(this.email);
  }
}

/** Account A: the subject of every refusal, with its principals and its two worlds. */
export interface Subject {
  owner: Owner;
  member: Session;
  /** Made by the owner's live key. */
  live: World;
  /** Made by the owner's test key. */
  test: World;
  /** A second test key: it did not make the test world. */
  otherTestKey: string;
  revokedKey: string;
  signedOutSession: Session;
  /** A live key with every scope but `scope` and `admin`. */
  keyLacking(scope: Scope): Promise<string>;
}

/** Account P: allowed principals, each with a fresh world. */
export interface Allowing {
  owner: SessionHolder;
  member: SessionHolder;
  /** P's live admin key: it makes the live worlds. */
  key: string;
  newKey(scopes: Scope[], mode: 'live' | 'test'): Promise<string>;
  /**
   * A fresh world made by `key` (P's admin key unless a test key is given); its session-made
   * resources (an API key) by `session` (the owner's unless given: a member revokes only the keys
   * that member made).
   */
  world(key?: string, session?: () => Session): World;
}

export interface Matrix {
  api: Api;
  document: OpenApiDocument;
  a: Subject;
  /** Account B: its ids must not resolve for A. */
  b: World;
  p: Allowing;
  /** A scope no operation requires: the key of a scope-less operation's positive control has only it. */
  leastScope: Scope;
}

async function ownerWithMember(api: Api) {
  const owner = await api.owner({ plan: 'agency', testKey: true });
  const member = await inviteMember(api, owner.session);
  return { owner, member: { ...member, session: await api.client.logIn(member.email) } };
}

async function revokedKey(api: Api, session: Session): Promise<string> {
  const { id, key } = await api.client.createKey(session, ['admin']);
  const revoked = await api.client.asSession(session, { method: 'DELETE', url: `/v1/keys/${id}` });
  if (revoked.statusCode !== 204) throw new Error(`revoking a key: ${revoked.statusCode} ${revoked.body}`);
  return key;
}

async function signedOutSession(api: Api, email: string): Promise<Session> {
  const session = await api.client.logIn(email);
  const out = await api.client.asSession(session, { method: 'POST', url: '/v1/auth/logout' });
  if (out.statusCode !== 204) throw new Error(`signing out: ${out.statusCode} ${out.body}`);
  return session;
}

/** The shared worlds' fixtures, made before the tests run (a parameter without one fails its own test). */
async function prebuild(operations: Operation[], matrix: Matrix): Promise<void> {
  const fixtures = operations
    .filter((op) => isRestricted(op.access))
    .flatMap((op) => {
      try {
        return [...fixturesOf(op).values()];
      } catch {
        return [];
      }
    });
  const { a, b } = matrix;
  for (const fixture of new Set(fixtures)) {
    await Promise.all([fixture.value(a.live), fixture.value(b), ...(fixture.modal ? [fixture.value(a.test)] : [])]);
  }
}

export async function setUpMatrix(api: Api, document: OpenApiDocument, operations: Operation[]): Promise<Matrix> {
  const intakeBody = worldIntakeBody(document);
  const [a, b, p] = await Promise.all([ownerWithMember(api), api.owner({ plan: 'agency' }), ownerWithMember(api)]);
  const lacking = new Map<Scope, Promise<string>>();
  const keyOf = async (session: Session, scopes: Scope[], mode: 'live' | 'test' = 'live') =>
    (await api.client.createKey(session, scopes, mode)).key;
  const pOwner = new SessionHolder(api, p.owner.email, p.owner.session);
  const required = new Set(operations.map((op) => (isRestricted(op.access) ? op.access.scope : null)));
  const matrix: Matrix = {
    api,
    document,
    a: {
      owner: a.owner,
      member: a.member.session,
      live: new World(api, { session: () => a.owner.session, key: a.owner.key }, intakeBody),
      test: new World(api, { session: () => a.owner.session, key: a.owner.testKey as string }, intakeBody),
      otherTestKey: await keyOf(a.owner.session, ['admin'], 'test'),
      revokedKey: await revokedKey(api, a.owner.session),
      signedOutSession: await signedOutSession(api, a.owner.email),
      keyLacking: (scope) => {
        const scopes = SCOPES.filter((s) => s !== scope && s !== 'admin');
        if (!lacking.has(scope)) lacking.set(scope, keyOf(a.owner.session, scopes));
        return lacking.get(scope) as Promise<string>;
      },
    },
    b: new World(api, { session: () => b.session, key: b.key }, intakeBody),
    p: {
      owner: pOwner,
      member: new SessionHolder(api, p.member.email, p.member.session),
      key: p.owner.key,
      newKey: (scopes, mode) => keyOf(pOwner.get(), scopes, mode),
      world: (key = p.owner.key, session = pOwner.get) => new World(api, { session, key }, intakeBody),
    },
    leastScope: SCOPES.find((s) => s !== 'admin' && !required.has(s)) ?? 'intakes:read',
  };
  await prebuild(operations, matrix);
  return matrix;
}
