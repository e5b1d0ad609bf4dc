import { ArchiveIntake } from '@intake/application-intakes';
import { type AccessContext, accessOf } from '@intake/domain-accounts';
import {
  type GivenPortal,
  givenBriefFile,
  givenPortal,
  givenScannedUpload,
  InMemoryContext,
  META,
} from '@intake/testing';
import { type FileRecord } from '../ports/file-store.port';
import { GetBriefFile } from './get-brief-file';

describe('GetBriefFile', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let get: GetBriefFile;
  let brief: FileRecord;

  const asOwner = (fileId: string, access: AccessContext = accessOf(portal.owner), intakeId = portal.intakeId) =>
    get.execute({ by: 'owner', access, intakeId, fileId });
  const asClient = (fileId: string, slug = portal.slug) => get.execute({ by: 'client', slug, fileId });

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    get = context.use(GetBriefFile);
    brief = await givenBriefFile(context, portal, undefined, 'Zadání.pdf');
  });

  it('links the owner to a brief file, valid 24 hours', async () => {
    const link = await asOwner(brief.id);
    expect(link.file).toEqual(brief);
    expect(link.url).toContain(brief.storage_key);
    expect(link.url).toContain('expires_in=86400');
    expect(link.url).toContain(`filename=${encodeURIComponent('Zadání.pdf')}`);
  });

  it('links the client to it through the portal link, also once the intake is archived', async () => {
    await expect(asClient(brief.id)).resolves.toMatchObject({ file: { id: brief.id } });
    await context.use(ArchiveIntake).execute({ principal: portal.owner, intakeId: portal.intakeId, meta: META });
    await expect(asClient(brief.id)).resolves.toMatchObject({ file: { id: brief.id } });
  });

  it('refuses a brief file that is not clean with 422', async () => {
    const row = context.db.files.rows.find((f) => f.id === brief.id);
    if (row) row.av_status = 'pending';
    await expect(asOwner(brief.id)).rejects.toMatchObject({ code: 'unprocessable', reason: 'file_scan_pending' });
    await expect(asClient(brief.id)).rejects.toMatchObject({ code: 'unprocessable', reason: 'file_scan_pending' });
  });

  it.each([
    ['another account', async () => accessOf((await givenPortal(context)).owner)],
    ['a test key, which sees only its own intakes', async () => accessOf(portal.testKey)],
  ])('knows no intake of %s for the owner: 404', async (_what, access) => {
    await expect(asOwner(brief.id, await access())).rejects.toMatchObject({ code: 'not_found', reason: undefined });
  });

  it.each([
    ['a malformed slug', 'bad slug'],
    ['an unknown slug', 'D'.repeat(22)],
  ])('answers %s with the portal 404', async (_what, slug) => {
    await expect(asClient(brief.id, slug)).rejects.toMatchObject({ code: 'not_found', reason: undefined });
  });

  it("hides a draft's brief files from the client", async () => {
    const draft = await givenPortal(context, { send: false });
    const draftBrief = await givenBriefFile(context, draft);
    await expect(asOwner(draftBrief.id, accessOf(draft.owner), draft.intakeId)).resolves.toBeDefined();
    await expect(asClient(draftBrief.id, draft.slug)).rejects.toMatchObject({ code: 'not_found' });
  });

  it.each([
    ['an unknown file', async () => 'bff_unknown'],
    ["a client's upload", async () => (await givenScannedUpload(context, portal, 'logo')).id],
    [
      'a brief file of another intake',
      async () => (await givenBriefFile(context, await givenPortal(context, { of: portal }))).id,
    ],
  ])('knows %s as 404 file_not_found, for owner and client', async (_what, fileId) => {
    const id = await fileId();
    await expect(asOwner(id)).rejects.toMatchObject({ code: 'not_found', reason: 'file_not_found' });
    await expect(asClient(id)).rejects.toMatchObject({ code: 'not_found', reason: 'file_not_found' });
  });
});
