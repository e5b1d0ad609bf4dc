import { ApproveItem, ArchiveIntake, WaiveItem } from '@intake/application-intakes';
import {
  type GivenPortal,
  givenBriefFile,
  givenPortal,
  givenUpload,
  InMemoryContext,
  LOGO_PNG,
  META,
  storedItem,
  storedState,
} from '@intake/testing';
import { type FileRecord } from '../ports/file-store.port';
import { RemoveFile } from './remove-file';
import { SubmitFiles } from './submit-files';

describe('RemoveFile', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let remove: RemoveFile;
  let logo: FileRecord;

  const removeFile = (key: string, fileId: string, slug = portal.slug) =>
    remove.execute({ slug, key, fileId, meta: META });
  const refused = async (call: () => Promise<unknown>, expected: Record<string, unknown>) => {
    const before = storedState(context);
    await expect(call()).rejects.toMatchObject(expected);
    expect(storedState(context)).toEqual(before);
  };

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    remove = context.use(RemoveFile);
    logo = await givenUpload(context, portal, 'logo');
  });

  it('removes the upload, its bytes and its storage use', async () => {
    await removeFile('logo', logo.id);
    expect(await context.files.ofIntake(portal.intakeId)).toEqual([]);
    expect(context.storage.objects.has(logo.storage_key)).toBe(false);
    expect((await context.accounts.getAccount(portal.account.id))?.storage_bytes_used).toBe(0);
  });

  it('audits item.file_removed as the client, without a webhook', async () => {
    await removeFile('logo', logo.id);
    expect(context.auditActions()).toEqual(['intake.created', 'item.file_uploaded', 'item.file_removed']);
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      actor_type: 'client',
      summary: { intake_id: portal.intakeId, item_key: 'logo', file_id: logo.id },
    });
    expect(context.webhooks()).toEqual([]);
  });

  it('sends a submitted item back to pending', async () => {
    await context.use(SubmitFiles).execute({ slug: portal.slug, key: 'logo', meta: META });
    await removeFile('logo', logo.id);
    expect(await storedItem(context, portal.intakeId, 'logo')).toMatchObject({ status: 'pending', submitted_at: null });
  });

  it('removes one file of a list and keeps the others', async () => {
    const a = await givenUpload(context, portal, 'documents', LOGO_PNG, 'a.png');
    const b = await givenUpload(context, portal, 'documents', LOGO_PNG, 'b.png');
    await removeFile('documents', a.id);
    expect((await context.files.ofIntake(portal.intakeId)).map((f) => f.id).sort()).toEqual([logo.id, b.id].sort());
  });

  it('still removes the record when the bytes cannot be removed (an orphan, never an error)', async () => {
    context.storage.failing = true;
    await removeFile('logo', logo.id);
    expect(await context.files.byId(logo.id)).toBeUndefined();
  });

  describe('refuses, writing nothing', () => {
    it('an unknown file: 404 file_not_found', async () => {
      await refused(() => removeFile('logo', 'fil_unknown'), { code: 'not_found', reason: 'file_not_found' });
    });

    it("a file of another item, named under this one's key", async () => {
      const doc = await givenUpload(context, portal, 'documents', LOGO_PNG, 'a.png');
      await refused(() => removeFile('logo', doc.id), { code: 'not_found', reason: 'file_not_found' });
    });

    it("a brief file: it is the owner's", async () => {
      const brief = await givenBriefFile(context, portal);
      await refused(() => removeFile('logo', brief.id), { code: 'not_found', reason: 'file_not_found' });
    });

    it("a file of another intake, through this intake's link", async () => {
      const other = await givenPortal(context);
      const theirs = await givenUpload(context, other, 'logo');
      await refused(() => removeFile('logo', theirs.id), { code: 'not_found', reason: 'file_not_found' });
    });

    it.each([
      ['a malformed slug', 'x'],
      ['an unknown slug', 'C'.repeat(22)],
    ])('%s: the portal 404', async (_what, slug) => {
      await refused(() => removeFile('logo', logo.id, slug), { code: 'not_found', reason: undefined });
    });

    it('an archived intake: 409 intake_archived', async () => {
      await context.use(ArchiveIntake).execute({ principal: portal.owner, intakeId: portal.intakeId, meta: META });
      await refused(() => removeFile('logo', logo.id), { code: 'conflict', reason: 'intake_archived' });
    });

    it('a file of an approved item: 409 item_approved', async () => {
      await context.use(SubmitFiles).execute({ slug: portal.slug, key: 'logo', meta: META });
      const command = { principal: portal.owner, intakeId: portal.intakeId, key: 'logo', note: null, meta: META };
      await context.use(ApproveItem).execute(command);
      await refused(() => removeFile('logo', logo.id), { code: 'conflict', reason: 'item_approved' });
    });

    it('a file of a waived item: 409 item_waived', async () => {
      const command = { principal: portal.owner, intakeId: portal.intakeId, key: 'logo', reason: null, meta: META };
      await context.use(WaiveItem).execute(command);
      await refused(() => removeFile('logo', logo.id), { code: 'conflict', reason: 'item_waived' });
    });

    it.each(['nope', 'kickoff'])('under the item %s the client does not have: 404 item_not_found', async (key) => {
      await refused(() => removeFile(key, logo.id), { code: 'not_found', reason: 'item_not_found' });
    });
  });
});
