import {
  type GivenAccount,
  givenAccount,
  givenFolder,
  givenIntake,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { DeleteFolder } from './delete-folder';

describe('DeleteFolder', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let deleteFolder: DeleteFolder;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    deleteFolder = context.use(DeleteFolder);
  });

  it('deletes the folder and leaves its intakes of every mode Unfiled; audited with its name', async () => {
    const folder = await givenFolder(context, given, 'Weddings');
    const kept = await givenFolder(context, given, 'Portraits');
    const { intake: live } = await givenIntake(context, given, { folder_id: folder.id });
    const { intake: test } = await givenIntake(context, given, { folder_id: folder.id, by: given.testKey });
    const { intake: elsewhere } = await givenIntake(context, given, { folder_id: kept.id });
    await deleteFolder.execute({ principal: given.liveKey, folderId: folder.id, meta: META });
    expect(context.db.folders.rows.map((f) => f.id)).toEqual([kept.id]);
    expect(storedIntake(context, live.id).intake.folder_id).toBeNull();
    expect(storedIntake(context, test.id).intake.folder_id).toBeNull();
    expect(storedIntake(context, elsewhere.id).intake.folder_id).toBe(kept.id);
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'folder.deleted',
        actor_type: 'api_key',
        target_id: folder.id,
        summary: { name: 'Weddings' },
      }),
    ]);
  });

  it('is 404 for an unknown folder or another account’s, writing nothing', async () => {
    const other = await givenAccount(context);
    const theirs = await givenFolder(context, other, 'Theirs');
    await givenIntake(context, other, { folder_id: theirs.id });
    const before = writtenState(context);
    for (const folderId of [theirs.id, 'fld_missing']) {
      await expect(deleteFolder.execute({ principal: given.owner, folderId, meta: META })).rejects.toMatchObject({
        code: 'not_found',
        message: 'Folder was not found.',
      });
    }
    expect(writtenState(context)).toEqual(before);
  });
});
