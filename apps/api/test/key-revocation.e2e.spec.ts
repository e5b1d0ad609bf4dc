import { type AppProcess, startAppProcess, useTestEnvironment } from '@intake/testing';
import { PASSWORD, uniqueEmail } from './accounts-client';

/**
 * Each api process keeps the API keys it has read in memory; a revocation through one
 * process must be refused by every other within a second (Redis pub/sub; docs/adr/0017-keys-cached-per-process-limit-in-reserved-blocks.md).
 * Two api processes (their real main.ts) on one database and one Redis.
 */
describe('API key revocation across two api processes (in-process key caches)', () => {
  let here: AppProcess | undefined;
  let there: AppProcess | undefined;
  afterAll(async () => {
    await here?.kill();
    await there?.kill();
  }, 60_000);
  const harness = useTestEnvironment();

  beforeAll(async () => {
    const env = { ...harness.environment.env, RATE_LIMIT_MODE: 'observe' };
    [here, there] = await Promise.all([startAppProcess('api', env), startAppProcess('api', env)]);
  }, 180_000);

  /** A new account's owner signs up and logs in on `app`, and creates a live admin key. */
  async function newKey(app: AppProcess): Promise<string> {
    const email = uniqueEmail('owner');
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    expect((await post('/v1/auth/signup', { email, password: PASSWORD, name: 'O', account_name: 'A' })).status).toBe(
      201,
    );
    const login = await post('/v1/auth/login', { email, password: PASSWORD });
    const cookies = Object.fromEntries(
      login.headers.getSetCookie().map((c) => c.split(';')[0]?.split('=') as [string, string]),
    );
    const created = await post(
      '/v1/keys',
      { name: 'agent', mode: 'live', scopes: ['admin'] },
      {
        cookie: `sid=${cookies['sid']}; csrf_token=${cookies['csrf_token']}`,
        'x-csrf-token': cookies['csrf_token'] ?? '',
      },
    );
    expect(created.status).toBe(201);
    return ((await created.json()) as { key: string }).key;
  }

  const get = async (app: AppProcess | undefined, key: string) =>
    (await fetch(`${app?.url}/v1/account`, { headers: { authorization: `Bearer ${key}` } })).status;

  it('a key revoked through one process is refused by the other within a second', async () => {
    if (!here || !there) throw new Error('both processes are up');
    const key = await newKey(here);
    const bystander = await newKey(here);
    // Both processes have read (and cached) both keys.
    for (const app of [here, there]) {
      for (const k of [key, bystander]) {
        expect(await get(app, k)).toBe(200);
        expect(await get(app, k)).toBe(200);
      }
    }
    const revoke = await fetch(`${here.url}/v1/keys/current`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(revoke.status).toBe(204);
    const revokedAt = Date.now();
    expect(await get(here, key)).toBe(401);
    let refusedAfter = Infinity;
    while (Date.now() - revokedAt < 3_000) {
      if ((await get(there, key)) === 401) {
        refusedAfter = Date.now() - revokedAt;
        break;
      }
    }
    expect(refusedAfter).toBeLessThan(1_000);
    expect(await get(there, bystander)).toBe(200);
  });
});
