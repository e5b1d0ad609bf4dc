import { ArchiveIntake } from '@intake/application-intakes';
import { type Principal } from '@intake/domain-accounts';
import {
  type GivenPortal,
  givenBriefFile,
  givenPortal,
  givenUpload,
  InMemoryContext,
  META,
  storedState,
} from '@intake/testing';
import { type FileRecord } from '../ports/file-store.port';
import { RemoveBriefFile } from './remove-brief-file';

describe('RemoveBriefFile', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let remove: RemoveBriefFile;
  let brief: FileRecord;

  const removeFile = (fileId: string, principal: Principal = portal.owner, intakeId = portal.intakeId) =>
    remove.execute({ principal, intakeId, fileId, meta: META });
  const refused = async (call: () => Promise<unknown>, expected: Record<string, unknown>) => {
    const before = storedState(context);
    await expect(call()).rejects.toMatchObject(expected);
    expect(storedState(context)).toEqual(before);
  };

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    remove = context.use(RemoveBriefFile);
    brief = await givenBriefFile(context, portal);
  });

  it('removes the brief file and its bytes, releasing its storage', async () => {
    await removeFile(brief.id);
    expect(await context.files.byId(brief.id)).toBeUndefined();
    expect(context.storage.objects.has(brief.storage_key)).toBe(false);
    expect((await context.accounts.getAccount(portal.account.id))?.storage_bytes_used).toBe(0);
  });

  it('audits intake.brief_file_removed as the caller, without a webhook', async () => {
    await removeFile(brief.id, portal.liveKey);
    expect(context.auditActions()).toEqual(['intake.created', 'intake.brief_file_added', 'intake.brief_file_removed']);
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      actor_type: 'api_key',
      actor_id: portal.liveKey.keyId,
      summary: { intake_id: portal.intakeId, file_id: brief.id },
    });
    expect(context.webhooks()).toEqual([]);
  });

  it('still removes the record when the bytes cannot be removed', async () => {
    context.storage.failing = true;
    await removeFile(brief.id);
    expect(await context.files.byId(brief.id)).toBeUndefined();
  });

  describe('refuses, writing nothing', () => {
    it('an unknown file: 404 file_not_found', async () => {
      await refused(() => removeFile('bff_unknown'), { code: 'not_found', reason: 'file_not_found' });
    });

    it("a client's upload: it is not a brief file", async () => {
      const upload = await givenUpload(context, portal, 'logo');
      await refused(() => removeFile(upload.id), { code: 'not_found', reason: 'file_not_found' });
    });

    it('a brief file of another intake of the account, named under this one', async () => {
      const second = await givenPortal(context, { of: portal });
      const theirs = await givenBriefFile(context, second);
      await refused(() => removeFile(theirs.id), { code: 'not_found', reason: 'file_not_found' });
    });

    it.each([
      ['another account', async () => (await givenPortal(context)).owner],
      ['a test key, which sees only its own intakes', async () => portal.testKey],
    ])('an intake of %s: 404', async (_what, principal) => {
      const caller = await principal();
      await refused(() => removeFile(brief.id, caller), { code: 'not_found' });
    });

    it('an archived intake: 409 intake_archived', async () => {
      await context.use(ArchiveIntake).execute({ principal: portal.owner, intakeId: portal.intakeId, meta: META });
      await refused(() => removeFile(brief.id), { code: 'conflict', reason: 'intake_archived' });
    });
  });
});
