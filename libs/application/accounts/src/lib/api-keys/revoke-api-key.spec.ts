import { type GivenAccount, givenAccount, givenUser, InMemoryContext, META } from '@intake/testing';
import { AuthenticateApiKey } from '../auth/authenticate-api-key';
import { CreateApiKey } from './create-api-key';
import { RevokeApiKey } from './revoke-api-key';

describe('RevokeApiKey', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let revoke: RevokeApiKey;

  const create = (g: GivenAccount) =>
    context.use(CreateApiKey).execute({
      principal: g.owner,
      key: { name: 'CI', mode: 'live', scopes: ['admin'] },
      meta: META,
    });

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    revoke = context.use(RevokeApiKey);
  });

  it('revokes the key, which stops working at once, and records api_key.revoked with its name', async () => {
    const { record, key } = await create(given);
    context.clock.advance(60);
    await revoke.execute({ principal: given.owner, keyId: record.id, meta: META });
    expect((await context.apiKeys.get(given.account.id, record.id))?.revoked_at).toEqual(context.clock.now());
    expect(await context.use(AuthenticateApiKey).execute(key)).toBeUndefined();
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      actor_type: 'user',
      actor_id: given.owner.userId,
      action: 'api_key.revoked',
      target_id: record.id,
      summary: { name: 'CI' },
    });
  });

  it('lets a key revoke itself (DELETE /v1/keys/current)', async () => {
    const { record, key } = await create(given);
    const self = await context.use(AuthenticateApiKey).execute(key);
    if (self?.principal.kind !== 'api_key') throw new Error('the key did not authenticate');
    await revoke.execute({ principal: self.principal, keyId: self.principal.keyId, meta: META });
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      actor_type: 'api_key',
      actor_id: record.id,
      actor_mode: 'live',
      action: 'api_key.revoked',
    });
  });

  it('answers 404 for an unknown key and for a key of another account, changing nothing', async () => {
    const theirs = await create(await givenAccount(context));
    const audited = context.auditActions();
    await expect(revoke.execute({ principal: given.owner, keyId: 'key_unknown', meta: META })).rejects.toMatchObject({
      code: 'not_found',
      message: 'API key was not found.',
    });
    await expect(revoke.execute({ principal: given.owner, keyId: theirs.record.id, meta: META })).rejects.toMatchObject(
      { code: 'not_found' },
    );
    expect(context.db.apiKeys.rows.every((k) => k.revoked_at === null)).toBe(true);
    expect(context.auditActions()).toEqual(audited);
  });

  it('refuses a key already revoked with 400 key_already_revoked, keeping the first revocation', async () => {
    const { record } = await create(given);
    await revoke.execute({ principal: given.owner, keyId: record.id, meta: META });
    const revokedAt = context.clock.now();
    const audited = context.auditActions();
    context.clock.advance(60);
    await expect(revoke.execute({ principal: given.owner, keyId: record.id, meta: META })).rejects.toMatchObject({
      code: 'invalid_request',
      reason: 'key_already_revoked',
      message: 'This API key is already revoked.',
    });
    expect((await context.apiKeys.get(given.account.id, record.id))?.revoked_at).toEqual(revokedAt);
    expect(context.auditActions()).toEqual(audited);
  });

  it('lets a member revoke the keys that member made, and no other (403 owner_only)', async () => {
    const { principal: member } = await givenUser(context, given.account.id, { role: 'member' });
    const owners = await create(given);
    const own = await context.use(CreateApiKey).execute({
      principal: member,
      key: { name: 'Mine', mode: 'live', scopes: ['intakes:read'] },
      meta: META,
    });
    await expect(revoke.execute({ principal: member, keyId: owners.record.id, meta: META })).rejects.toMatchObject({
      code: 'forbidden',
      reason: 'owner_only',
      message: 'Only the account owner may revoke a key someone else created.',
    });
    expect((await context.apiKeys.get(given.account.id, owners.record.id))?.revoked_at).toBeNull();
    await revoke.execute({ principal: member, keyId: own.record.id, meta: META });
    expect((await context.apiKeys.get(given.account.id, own.record.id))?.revoked_at).not.toBeNull();
    await revoke.execute({ principal: given.owner, keyId: owners.record.id, meta: META });
  });

  it("lets the owner revoke a member's key", async () => {
    const { principal: member } = await givenUser(context, given.account.id, { role: 'member' });
    const theirs = await context.use(CreateApiKey).execute({
      principal: member,
      key: { name: 'Theirs', mode: 'live', scopes: ['intakes:read'] },
      meta: META,
    });
    await revoke.execute({ principal: given.owner, keyId: theirs.record.id, meta: META });
    expect((await context.apiKeys.get(given.account.id, theirs.record.id))?.revoked_at).toEqual(context.clock.now());
  });
});
