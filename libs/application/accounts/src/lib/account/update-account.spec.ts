import { type GivenAccount, givenAccount, InMemoryContext, META } from '@intake/testing';
import { UpdateAccount } from './update-account';

describe('UpdateAccount', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let update: UpdateAccount;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context, { sender_name: 'Jana' });
    update = context.use(UpdateAccount);
  });

  it('changes the fields given, stamps updated_at and records account.updated with the field names', async () => {
    context.clock.advance(60);
    const account = await update.execute({
      principal: given.owner,
      patch: { name: 'Studio Nova', default_timezone: 'Europe/Berlin', default_language: undefined },
      meta: META,
    });
    expect(account).toEqual({
      ...given.account,
      name: 'Studio Nova',
      default_timezone: 'Europe/Berlin',
      updated_at: context.clock.now(),
    });
    expect(await context.accounts.getAccount(given.account.id)).toEqual(account);
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        account_id: given.account.id,
        actor_type: 'user',
        actor_id: given.owner.userId,
        action: 'account.updated',
        target_id: given.account.id,
        summary: { fields: ['default_timezone', 'name'] },
      }),
    ]);
  });

  it('clears the sender name with null (null is a value, not an absent field)', async () => {
    const account = await update.execute({ principal: given.liveKey, patch: { sender_name: null }, meta: META });
    expect(account.sender_name).toBeNull();
    expect(context.db.auditLog.entries[0]).toMatchObject({
      actor_type: 'api_key',
      actor_id: given.liveKey.keyId,
      actor_mode: 'live',
      summary: { fields: ['sender_name'] },
    });
  });

  it('sets the default branding normalised, and clears it with null (issue #29)', async () => {
    const set = await update.execute({
      principal: given.owner,
      patch: { branding: { display_name: ' Studio ', accent_color: '#1D4ED8', logo_url: 'https://CDN.example/l.png' } },
      meta: META,
    });
    expect(set.branding).toEqual({
      display_name: 'Studio',
      accent_color: '#1d4ed8',
      logo_url: 'https://cdn.example/l.png',
    });
    expect((await context.accounts.getAccount(given.account.id))?.branding).toEqual(set.branding);
    expect(context.db.auditLog.entries[0]).toMatchObject({ summary: { fields: ['branding'] } });
    const cleared = await update.execute({ principal: given.owner, patch: { branding: null }, meta: META });
    expect(cleared.branding).toBeNull();
  });

  it('refuses a branding the client could not read or that leaks, 422 naming each field, changing nothing', async () => {
    await expect(
      update.execute({
        principal: given.owner,
        patch: { name: 'Renamed', branding: { accent_color: '#eeeeee', logo_url: 'http://cdn.example/l.png' } },
        meta: META,
      }),
    ).rejects.toMatchObject({
      code: 'unprocessable',
      reason: 'validation_failed',
      details: [
        { path: 'branding.accent_color', message: expect.stringContaining('4.5:1') },
        { path: 'branding.logo_url', message: 'must be an absolute https URL' },
      ],
    });
    expect(await context.accounts.getAccount(given.account.id)).toEqual(given.account);
    expect(context.auditActions()).toEqual([]);
  });

  it('changes only its own account', async () => {
    const other = await givenAccount(context);
    await update.execute({ principal: given.owner, patch: { name: 'Mine' }, meta: META });
    expect(await context.accounts.getAccount(other.account.id)).toEqual(other.account);
  });

  it.each([
    ['an empty patch', {}],
    ['a patch of undefined fields only', { name: undefined, sender_name: undefined }],
  ])('refuses %s with 400 no_fields, changing nothing', async (_what, patch) => {
    context.clock.advance(60);
    await expect(update.execute({ principal: given.owner, patch, meta: META })).rejects.toMatchObject({
      code: 'invalid_request',
      reason: 'no_fields',
      message: 'Give at least one field to change.',
    });
    expect(await context.accounts.getAccount(given.account.id)).toEqual(given.account);
    expect(context.auditActions()).toEqual([]);
  });
});
