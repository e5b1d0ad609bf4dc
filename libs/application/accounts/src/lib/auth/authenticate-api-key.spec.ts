import { planOf } from '@intake/domain-accounts';
import { type GivenAccount, givenAccount, InMemoryContext, META } from '@intake/testing';
import { CreateApiKey } from '../api-keys/create-api-key';
import { RevokeApiKey } from '../api-keys/revoke-api-key';
import { apiKeyCacheTag, AuthenticateApiKey, KEY_TOUCH_EVERY_MS } from './authenticate-api-key';

describe('AuthenticateApiKey', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let authenticate: AuthenticateApiKey;

  const createKey = async (mode: 'live' | 'test' = 'live') =>
    context.use(CreateApiKey).execute({
      principal: given.owner,
      key: { name: 'CI', mode, scopes: ['intakes:read', 'intakes:write'] },
      meta: META,
    });
  const lastUsed = async (keyId: string) => (await context.apiKeys.get(given.account.id, keyId))?.last_used_at;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context, { plan: 'solo' });
    authenticate = context.use(AuthenticateApiKey);
  });

  it("answers the key as a principal, with its mode and scopes and the account's plan", async () => {
    const { record, key } = await createKey('test');
    expect(await authenticate.execute(key)).toEqual({
      plan: planOf('solo'),
      principal: {
        kind: 'api_key',
        accountId: given.account.id,
        keyId: record.id,
        mode: 'test',
        scopes: ['intakes:read', 'intakes:write'],
      },
    });
  });

  it.each([
    ['an empty string', ''],
    ['a key with the Bearer word left in', (key: string) => `Bearer ${key}`],
    ['a key of another mode prefix', (key: string) => key.replace('svc_live_', 'svc_prod_')],
    ['a truncated key', (key: string) => key.slice(0, -1)],
  ])('answers undefined for %s', async (_what, change) => {
    const { key } = await createKey();
    const reads = jest.spyOn(context.apiKeys, 'findByTokenHash');
    expect(await authenticate.execute(typeof change === 'string' ? change : change(key))).toBeUndefined();
    expect(reads).not.toHaveBeenCalled(); // refused by its shape, without a lookup
  });

  it('answers undefined for a well-formed key it does not know', async () => {
    const { key } = await createKey();
    const unknown = `${key.slice(0, -4)}${key.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect(await authenticate.execute(unknown)).toBeUndefined();
  });

  it('answers undefined for a revoked key, and records no use of it', async () => {
    const { record, key } = await createKey();
    await context.apiKeys.revoke(given.account.id, record.id, context.clock.now());
    expect(await authenticate.execute(key)).toBeUndefined();
    expect(await lastUsed(record.id)).toBeNull();
  });

  it('records when the key was used, at most once a minute', async () => {
    expect(KEY_TOUCH_EVERY_MS).toBe(60_000);
    const { record, key } = await createKey();
    const first = context.clock.now();
    await authenticate.execute(key);
    expect(await lastUsed(record.id)).toEqual(first);
    context.clock.advance(59);
    await authenticate.execute(key);
    expect(await lastUsed(record.id)).toEqual(first);
    context.clock.advance(2);
    await authenticate.execute(key);
    expect(await lastUsed(record.id)).toEqual(context.clock.now());
  });

  it('reads a key from the store once, then from the process cache, until RevokeApiKey invalidates it', async () => {
    const { record, key } = await createKey();
    const reads = jest.spyOn(context.apiKeys, 'findByTokenHash');
    expect(await authenticate.execute(key)).toBeDefined();
    expect(await authenticate.execute(key)).toBeDefined();
    expect(reads).toHaveBeenCalledTimes(1);
    await context.use(RevokeApiKey).execute({ principal: given.owner, keyId: record.id, meta: META });
    expect(await authenticate.execute(key)).toBeUndefined();
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('writes the use only when due: never used, or a full minute (and no less) after the last write', async () => {
    const { key } = await createKey();
    const touches = jest.spyOn(context.apiKeys, 'touch');
    await authenticate.execute(key);
    expect(touches).toHaveBeenCalledTimes(1);
    context.clock.advance(KEY_TOUCH_EVERY_MS / 1000 - 1);
    await authenticate.execute(key);
    expect(touches).toHaveBeenCalledTimes(1);
    context.clock.advance(1);
    await authenticate.execute(key);
    expect(touches).toHaveBeenCalledTimes(2);
    expect(touches).toHaveBeenLastCalledWith(expect.any(String), context.clock.now());
  });

  it('caches each key under its own token: two keys stay two principals', async () => {
    const first = await createKey('live');
    const second = await createKey('test');
    expect((await authenticate.execute(first.key))?.principal).toMatchObject({ keyId: first.record.id, mode: 'live' });
    expect((await authenticate.execute(second.key))?.principal).toMatchObject({
      keyId: second.record.id,
      mode: 'test',
    });
    expect((await authenticate.execute(first.key))?.principal).toMatchObject({ keyId: first.record.id });
  });

  it('tags the cached key by its id (what RevokeApiKey invalidates)', () => {
    expect(apiKeyCacheTag('key_1')).toBe('api-key:key_1');
  });
});
