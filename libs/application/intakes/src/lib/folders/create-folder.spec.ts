import { type GivenAccount, givenAccount, givenFolder, InMemoryContext, META, writtenState } from '@intake/testing';
import { CreateFolder } from './create-folder';

describe('CreateFolder', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let createFolder: CreateFolder;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    createFolder = context.use(CreateFolder);
  });

  const create = (name: string, account = given) =>
    createFolder.execute({ principal: account.owner, name, meta: META });

  it('creates a folder with the trimmed name, last in the account’s order; audited', async () => {
    const first = await create('  Weddings ');
    expect(first).toEqual({
      id: expect.stringMatching(/^fld_/),
      account_id: given.account.id,
      name: 'Weddings',
      sort_order: 0,
      created_at: context.clock.now(),
    });
    await givenFolder(context, given, 'Moved', { sort_order: 7 });
    expect((await create('Portraits')).sort_order).toBe(8);
    expect(context.db.folders.rows).toContainEqual(first);
    expect(context.db.auditLog.entries[0]).toMatchObject({
      action: 'folder.created',
      actor_type: 'user',
      target_id: first.id,
      summary: { name: 'Weddings' },
    });
  });

  it('is 409 folder_exists for a name the account uses in any case, writing nothing', async () => {
    await create('Weddings');
    const before = writtenState(context);
    await expect(create(' WEDDINGS ')).rejects.toMatchObject({
      code: 'conflict',
      reason: 'folder_exists',
      details: [{ path: 'name', message: 'is already used by another folder' }],
    });
    expect(writtenState(context)).toEqual(before);
  });

  it('keeps each account’s names and order apart', async () => {
    const other = await givenAccount(context);
    await create('Weddings');
    const theirs = await create('Weddings', other);
    expect(theirs).toMatchObject({ account_id: other.account.id, sort_order: 0 });
  });
});
