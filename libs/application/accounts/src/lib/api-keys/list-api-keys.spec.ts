import { type GivenAccount, givenAccount, InMemoryContext, META } from '@intake/testing';
import { CreateApiKey } from './create-api-key';
import { ListApiKeys } from './list-api-keys';
import { RevokeApiKey } from './revoke-api-key';

describe('ListApiKeys', () => {
  let context: InMemoryContext;
  let given: GivenAccount;

  const create = (g: GivenAccount, name: string) =>
    context.use(CreateApiKey).execute({
      principal: g.owner,
      key: { name, mode: 'live', scopes: ['admin'] },
      meta: META,
    });

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
  });

  it("lists the account's keys newest first, revoked ones included, and no other account's", async () => {
    const old = await create(given, 'old');
    context.clock.advance(60);
    const recent = await create(given, 'recent');
    await create(await givenAccount(context), 'theirs');
    await context.use(RevokeApiKey).execute({ principal: given.owner, keyId: old.record.id, meta: META });
    const keys = await context.use(ListApiKeys).execute(given.account.id);
    expect(keys.map((k) => [k.name, k.revoked_at !== null])).toEqual([
      ['recent', false],
      ['old', true],
    ]);
    expect(keys[0]).toEqual(recent.record);
  });

  it('shows only hints of a key: its prefix and last four characters', async () => {
    const { key } = await create(given, 'ci');
    const [listed] = await context.use(ListApiKeys).execute(given.account.id);
    expect(listed).toMatchObject({ prefix: 'svc_live_', last4: key.slice(-4) });
    expect(JSON.stringify(listed)).not.toContain(key.slice(9));
  });

  it('answers an empty list for an account without keys', async () => {
    expect(await context.use(ListApiKeys).execute(given.account.id)).toEqual([]);
  });
});
