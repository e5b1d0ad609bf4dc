import { IntakeFiles } from '@intake/application-intakes';
import { type GivenPortal, givenBriefFile, givenPortal, givenUpload, InMemoryContext, LOGO_PNG } from '@intake/testing';
import { StoredIntakeFiles } from './stored-intake-files';

describe('StoredIntakeFiles (the intakes context’s IntakeFiles port)', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let files: StoredIntakeFiles;

  const used = async () => (await context.accounts.getAccount(portal.account.id))?.storage_bytes_used;

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    files = new StoredIntakeFiles(context.files, context.storage);
  });

  it('is what the apps bind to IntakeFiles', () => {
    expect(context.use(IntakeFiles)).toBeInstanceOf(StoredIntakeFiles);
    expect(StoredIntakeFiles.inject).toHaveLength(2);
  });

  it("lists an intake's uploads and brief files, oldest first, and no other intake's", async () => {
    const upload = await givenUpload(context, portal, 'logo');
    context.clock.advance(1);
    const brief = await givenBriefFile(context, portal);
    await givenUpload(context, await givenPortal(context, { of: portal }), 'logo');
    expect((await files.ofIntake(portal.intakeId)).map((f) => f.id)).toEqual([upload.id, brief.id]);
    expect(await files.ofIntake('in_unknown')).toEqual([]);
  });

  it('deletes records, returning them and releasing their storage, but leaves their bytes', async () => {
    const upload = await givenUpload(context, portal, 'logo');
    const deleted = await files.deleteRecords([upload.id, 'fil_unknown']);
    expect(deleted).toEqual([upload]);
    expect(await files.ofIntake(portal.intakeId)).toEqual([]);
    expect(await used()).toBe(0);
    expect(context.storage.objects.has(upload.storage_key)).toBe(true);
  });

  it("deletes records in the caller's unit of work: undone when it fails", async () => {
    const upload = await givenUpload(context, portal, 'logo');
    await expect(
      context.db.uow.run(async () => {
        await files.deleteRecords([upload.id]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await files.ofIntake(portal.intakeId)).toEqual([upload]);
    expect(await used()).toBe(upload.size);
  });

  it('removes the bytes of the files named, and only those', async () => {
    const a = await givenUpload(context, portal, 'documents', LOGO_PNG, 'a.png');
    const b = await givenUpload(context, portal, 'documents', LOGO_PNG, 'b.png');
    await files.removeObjects([a]);
    expect(context.storage.objects.has(a.storage_key)).toBe(false);
    expect(context.storage.objects.has(b.storage_key)).toBe(true);
  });

  it('removes bytes best effort: a storage failure leaves orphans, never an error', async () => {
    const a = await givenUpload(context, portal, 'logo');
    context.storage.failing = true;
    await expect(files.removeObjects([a])).resolves.toBeUndefined();
    context.storage.failing = false;
    expect(context.storage.objects.has(a.storage_key)).toBe(true);
  });

  it("removes every byte of a deleted intake, uploads and brief files, and nothing of another's", async () => {
    const upload = await givenUpload(context, portal, 'logo');
    const brief = await givenBriefFile(context, portal);
    const theirs = await givenUpload(context, await givenPortal(context, { of: portal }), 'logo');
    await files.removeAllOf(portal.intakeId);
    expect(context.storage.objects.has(upload.storage_key)).toBe(false);
    expect(context.storage.objects.has(brief.storage_key)).toBe(false);
    expect(context.storage.objects.has(theirs.storage_key)).toBe(true);
  });

  it('says so when the bytes of a deleted intake cannot be removed', async () => {
    await givenUpload(context, portal, 'logo');
    context.storage.failing = true;
    await expect(files.removeAllOf(portal.intakeId)).rejects.toThrow('object storage unreachable');
  });
});
