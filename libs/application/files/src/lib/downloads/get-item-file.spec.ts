import { ArchiveIntake } from '@intake/application-intakes';
import { type AccessContext, accessOf } from '@intake/domain-accounts';
import {
  type GivenPortal,
  givenBriefFile,
  givenPortal,
  givenScannedUpload,
  givenUpload,
  INFECTED_TXT,
  InMemoryContext,
  LOGO_PNG,
  META,
} from '@intake/testing';
import { type FileRecord } from '../ports/file-store.port';
import { GetItemFile } from './get-item-file';

describe('GetItemFile', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let get: GetItemFile;
  let logo: FileRecord;

  const fileOf = (
    key: string,
    fileId: string,
    access: AccessContext = accessOf(portal.owner),
    intakeId = portal.intakeId,
  ) => get.execute({ access, intakeId, key, fileId });

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    get = context.use(GetItemFile);
    logo = await givenScannedUpload(context, portal, 'logo');
  });

  it("links to a clean upload of the item, for the owner's session and API key", async () => {
    const link = await fileOf('logo', logo.id);
    expect(link.file).toEqual(logo);
    expect(link.url).toContain(logo.storage_key);
    expect(link.url).toContain('expires_in=86400');
    await expect(fileOf('logo', logo.id, accessOf(portal.liveKey))).resolves.toMatchObject({ file: { id: logo.id } });
  });

  it('still serves the files of an archived intake', async () => {
    await context.use(ArchiveIntake).execute({ principal: portal.owner, intakeId: portal.intakeId, meta: META });
    await expect(fileOf('logo', logo.id)).resolves.toMatchObject({ file: { id: logo.id } });
  });

  it('writes nothing', async () => {
    const audit = context.auditActions();
    await fileOf('logo', logo.id);
    expect(context.auditActions()).toEqual(audit);
  });

  it('refuses a file still being scanned, and an infected one, with 422', async () => {
    const pending = await givenUpload(context, portal, 'documents', LOGO_PNG, 'a.png');
    await expect(fileOf('documents', pending.id)).rejects.toMatchObject({ reason: 'file_scan_pending' });
    const infected = await givenScannedUpload(context, portal, 'documents', INFECTED_TXT, 'notes.txt');
    await expect(fileOf('documents', infected.id)).rejects.toMatchObject({
      code: 'unprocessable',
      reason: 'file_infected',
    });
  });

  it.each([
    ['another account', async () => accessOf((await givenPortal(context)).owner)],
    ['a test key, which sees only its own intakes', async () => accessOf(portal.testKey)],
  ])('knows no intake of %s: 404', async (_what, access) => {
    await expect(fileOf('logo', logo.id, await access())).rejects.toMatchObject({
      code: 'not_found',
      reason: undefined,
    });
  });

  it('knows no unknown intake: 404', async () => {
    await expect(fileOf('logo', logo.id, undefined, 'in_unknown')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('knows no unknown item: 404 item_not_found', async () => {
    await expect(fileOf('nope', logo.id)).rejects.toMatchObject({ code: 'not_found', reason: 'item_not_found' });
  });

  it.each([
    ['an unknown file', async () => 'fil_unknown', 'logo'],
    ['a file of another item', async () => logo.id, 'documents'],
    ['a brief file', async () => (await givenBriefFile(context, portal)).id, 'logo'],
    [
      'a file of another intake',
      async () => (await givenScannedUpload(context, await givenPortal(context, { of: portal }), 'logo')).id,
      'logo',
    ],
  ])('knows %s as 404 file_not_found', async (_what, fileId, key) => {
    await expect(fileOf(key, await fileId())).rejects.toMatchObject({ code: 'not_found', reason: 'file_not_found' });
  });
});
