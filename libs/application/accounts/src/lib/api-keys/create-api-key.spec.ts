import { type GivenAccount, givenAccount, givenUser, InMemoryContext, META } from '@intake/testing';
import { type Scope } from '@intake/domain-accounts';
import { tokenHash } from '../secrets';
import { CreateApiKey } from './create-api-key';

describe('CreateApiKey', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let create: CreateApiKey;

  const key = (overrides: { name?: string; mode?: 'live' | 'test'; scopes?: Scope[] } = {}) => ({
    name: ' Deploy bot ',
    mode: 'live' as const,
    scopes: ['intakes:read'] as Scope[],
    ...overrides,
  });

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    create = context.use(CreateApiKey);
  });

  it('returns the full key once and keeps only its hash, prefix and last four characters', async () => {
    const { record, key: text } = await create.execute({ principal: given.owner, key: key(), meta: META });
    expect(text).toMatch(/^svc_live_[A-Za-z0-9_-]{43}$/);
    expect(record).toEqual({
      id: expect.stringMatching(/^key_/),
      account_id: given.account.id,
      name: 'Deploy bot',
      mode: 'live',
      scopes: ['intakes:read'],
      token_hash: tokenHash(text),
      prefix: 'svc_live_',
      last4: text.slice(-4),
      created_by_user_id: given.owner.userId,
      created_at: context.clock.now(),
      last_used_at: null,
      revoked_at: null,
    });
    expect(await context.apiKeys.list(given.account.id)).toEqual([record]);
    expect(JSON.stringify(context.db.apiKeys.rows)).not.toContain(text.slice(9));
  });

  it('makes a test key with the test prefix', async () => {
    const { record, key: text } = await create.execute({
      principal: given.owner,
      key: key({ mode: 'test' }),
      meta: META,
    });
    expect(text).toMatch(/^svc_test_/);
    expect(record).toMatchObject({ mode: 'test', prefix: 'svc_test_' });
  });

  it('keeps the known scopes once each, in their canonical order', async () => {
    const { record } = await create.execute({
      principal: given.owner,
      key: key({ scopes: ['secrets:read', 'intakes:write', 'secrets:read', 'admin'] }),
      meta: META,
    });
    expect(record.scopes).toEqual(['admin', 'intakes:write', 'secrets:read']);
  });

  it('makes a different key every time', async () => {
    const first = await create.execute({ principal: given.owner, key: key(), meta: META });
    const second = await create.execute({ principal: given.owner, key: key(), meta: META });
    expect(second.key).not.toBe(first.key);
    expect(second.record.id).not.toBe(first.record.id);
  });

  it('records no creating user for a key made with an API key', async () => {
    const { record } = await create.execute({ principal: given.liveKey, key: key(), meta: META });
    expect(record.created_by_user_id).toBeNull();
    expect(context.db.auditLog.entries[0]).toMatchObject({ actor_type: 'api_key', actor_id: given.liveKey.keyId });
  });

  it('records api_key.created with the name, mode and scopes, never the key', async () => {
    const { record, key: text } = await create.execute({ principal: given.owner, key: key(), meta: META });
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        account_id: given.account.id,
        actor_type: 'user',
        actor_id: given.owner.userId,
        action: 'api_key.created',
        target_id: record.id,
        summary: { name: 'Deploy bot', mode: 'live', scopes: ['intakes:read'] },
      }),
    ]);
    expect(JSON.stringify(context.db.auditLog.entries)).not.toContain(text.slice(9));
  });

  it.each([[['admin']], [['secrets:read']], [['intakes:read', 'admin']]] as Scope[][][])(
    'refuses a member a key with an owner-only scope %j (403 owner_only), writing nothing',
    async (scopes) => {
      const { principal: member } = await givenUser(context, given.account.id, { role: 'member' });
      await expect(create.execute({ principal: member, key: key({ scopes }), meta: META })).rejects.toMatchObject({
        code: 'forbidden',
        reason: 'owner_only',
      });
      expect(await context.apiKeys.list(given.account.id)).toEqual([]);
      expect(context.auditActions()).toEqual([]);
    },
  );

  it('lets a member create a key with the other scopes, and the owner any scope', async () => {
    const { principal: member } = await givenUser(context, given.account.id, { role: 'member' });
    const scopes: Scope[] = ['intakes:read', 'intakes:write'];
    const made = await create.execute({ principal: member, key: key({ scopes }), meta: META });
    expect(made.record).toMatchObject({ scopes, created_by_user_id: member.userId });
    const admin = await create.execute({
      principal: given.owner,
      key: key({ scopes: ['admin', 'secrets:read'] }),
      meta: META,
    });
    expect(admin.record.scopes).toEqual(['admin', 'secrets:read']);
  });

  it('names every owner-only scope asked for in the refusal', async () => {
    const { principal: member } = await givenUser(context, given.account.id, { role: 'member' });
    await expect(
      create.execute({
        principal: member,
        key: key({ scopes: ['secrets:read', 'intakes:read', 'admin'] }),
        meta: META,
      }),
    ).rejects.toMatchObject({ message: 'Only the account owner may create a key with scope admin, secrets:read.' });
  });

  it('lets an admin API key create a key with owner-only scopes (the role rule is for sessions)', async () => {
    const made = await create.execute({
      principal: given.liveKey,
      key: key({ scopes: ['admin', 'secrets:read'] }),
      meta: META,
    });
    expect(made.record.scopes).toEqual(['admin', 'secrets:read']);
  });
});
