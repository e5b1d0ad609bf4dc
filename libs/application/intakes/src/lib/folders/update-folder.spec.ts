import {
  type GivenAccount,
  givenAccount,
  givenFolder,
  givenIntake,
  InMemoryContext,
  META,
  writtenState,
} from '@intake/testing';
import { type Principal } from '@intake/domain-accounts';
import { type FolderRecord } from '../ports/folder-store.port';
import { UpdateFolder, type UpdateFolderInput } from './update-folder';

describe('UpdateFolder', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let updateFolder: UpdateFolder;
  let folder: FolderRecord;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    updateFolder = context.use(UpdateFolder);
    folder = await givenFolder(context, given, 'Weddings');
  });

  const update = (patch: UpdateFolderInput['patch'], folderId = folder.id, principal: Principal = given.owner) =>
    updateFolder.execute({ principal, folderId, patch, meta: META });

  it('renames (trimmed) and moves a folder, audits the fields and answers its visible intake count', async () => {
    await givenIntake(context, given, { folder_id: folder.id });
    await givenIntake(context, given, { folder_id: folder.id, by: given.testKey });
    const updated = await update({ name: ' Portraits ', sort_order: 5 });
    expect(updated).toEqual({ ...folder, name: 'Portraits', sort_order: 5, intake_count: 2 });
    expect(context.db.folders.rows).toEqual([{ ...folder, name: 'Portraits', sort_order: 5 }]);
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'folder.updated',
        target_id: folder.id,
        summary: { fields: ['name', 'sort_order'] },
      }),
    ]);
    expect((await update({ sort_order: 1 }, folder.id, given.liveKey)).intake_count).toBe(1);
  });

  it('changes only what is given', async () => {
    expect(await update({ sort_order: 3 })).toMatchObject({ name: 'Weddings', sort_order: 3, intake_count: 0 });
    expect(await update({ name: 'Portraits' })).toMatchObject({ name: 'Portraits', sort_order: 3 });
    expect(context.db.auditLog.entries.map((e) => e.summary)).toEqual([
      { fields: ['sort_order'] },
      { fields: ['name'] },
    ]);
  });

  it('audits only the fields given a value, and counts the intakes of the folder updated, not another’s', async () => {
    const busy = await givenFolder(context, given, 'Busy');
    await context
      .use(UpdateFolder)
      .execute({ principal: given.owner, folderId: busy.id, patch: { sort_order: -1 }, meta: META });
    await givenIntake(context, given, { folder_id: busy.id });
    await givenIntake(context, given, { folder_id: busy.id });
    await givenIntake(context, given, { folder_id: folder.id });
    expect(await update({ name: 'Portraits', sort_order: undefined })).toMatchObject({
      name: 'Portraits',
      intake_count: 1,
    });
    expect(context.db.auditLog.entries.map((e) => e.summary).slice(-1)).toEqual([{ fields: ['name'] }]);
  });

  it('is 400 no_fields with neither name nor sort_order', async () => {
    const before = writtenState(context);
    await expect(update({})).rejects.toMatchObject({
      code: 'invalid_request',
      reason: 'no_fields',
      message: 'Give at least one of name or sort_order.',
    });
    expect(writtenState(context)).toEqual(before);
  });

  it('is 409 folder_exists for another folder’s name in any case; its own name in another case is fine', async () => {
    await givenFolder(context, given, 'Portraits');
    const before = writtenState(context);
    await expect(update({ name: 'PORTRAITS' })).rejects.toMatchObject({
      code: 'conflict',
      reason: 'folder_exists',
      message: 'The account already has a folder of that name.',
    });
    expect(writtenState(context)).toEqual(before);
    expect(await update({ name: 'WEDDINGS' })).toMatchObject({ name: 'WEDDINGS' });
  });

  it('is 404 for an unknown folder or another account’s, writing nothing', async () => {
    const other = await givenAccount(context);
    const theirs = await givenFolder(context, other, 'Theirs');
    const before = writtenState(context);
    await expect(update({ name: 'Mine' }, theirs.id)).rejects.toMatchObject({
      code: 'not_found',
      message: 'Folder was not found.',
    });
    await expect(update({ name: 'Mine' }, 'fld_missing')).rejects.toMatchObject({ code: 'not_found' });
    expect(writtenState(context)).toEqual(before);
  });
});
