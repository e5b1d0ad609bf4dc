import { createHash } from 'node:crypto';
import { ArchiveIntake } from '@intake/application-intakes';
import { type Principal, planOf } from '@intake/domain-accounts';
import {
  byteStream,
  CONTRACT_PDF,
  type GivenPortal,
  givenBriefFile,
  givenPortal,
  givenUpload,
  HEIC_PHOTO,
  incoming,
  INFECTED_TXT,
  InMemoryContext,
  LOGO_PNG,
  META,
  storedState,
} from '@intake/testing';
import { type IncomingFile } from '../uploads/upload-pipeline';
import { briefFileKey } from '../storage-keys';
import { AddBriefFile, BRIEF_FILE_MAX_BYTES, BRIEF_FILES_MAX } from './add-brief-file';

describe('AddBriefFile', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let add: AddBriefFile;

  const addFile = (file: IncomingFile = incoming(CONTRACT_PDF, 'brief.pdf'), principal: Principal = portal.owner) =>
    add.execute({ principal, intakeId: portal.intakeId, file, meta: META });
  const refused = async (call: () => Promise<unknown>, expected: Record<string, unknown>) => {
    const before = storedState(context);
    await expect(call()).rejects.toMatchObject(expected);
    expect(storedState(context)).toEqual(before);
  };

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    add = context.use(AddBriefFile);
  });

  it('scans the file before storing it, and stores it clean', async () => {
    const file = await addFile(incoming(CONTRACT_PDF, 'Zadání / brief.pdf'));
    expect(file).toMatchObject({
      account_id: portal.account.id,
      intake_id: portal.intakeId,
      kind: 'brief',
      item_key: null,
      filename: 'brief.pdf',
      mime: 'application/pdf',
      extension: 'pdf',
      size: CONTRACT_PDF.length,
      checksum_sha256: createHash('sha256').update(CONTRACT_PDF).digest('hex'),
      storage_key: briefFileKey(portal.intakeId, file.id),
      av_status: 'clean',
      scanned_at: context.clock.now(),
      created_at: context.clock.now(),
    });
    expect(file.id).toMatch(/^bff_/);
    expect(context.antivirus.scans).toBe(1);
    expect(context.storage.objects.get(file.storage_key)?.bytes).toEqual(CONTRACT_PDF);
    expect(await context.files.byId(file.id)).toEqual(file);
    expect((await context.accounts.getAccount(portal.account.id))?.storage_bytes_used).toBe(CONTRACT_PDF.length);
    expect(context.scans.queued).toEqual([]);
  });

  it('keeps nothing staged once done', async () => {
    await addFile();
    expect(context.staging.held.size).toBe(0);
  });

  it('audits intake.brief_file_added as the owner, without a webhook', async () => {
    const file = await addFile();
    expect(context.auditActions()).toEqual(['intake.created', 'intake.brief_file_added']);
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      actor_type: 'user',
      actor_id: portal.owner.userId,
      target_id: portal.intakeId,
      summary: { intake_id: portal.intakeId, file_id: file.id, size: file.size },
    });
    expect(context.webhooks()).toEqual([]);
  });

  it('takes a file from an API key of the intake’s mode, and into a draft', async () => {
    await expect(addFile(incoming(CONTRACT_PDF, 'a.pdf'), portal.liveKey)).resolves.toMatchObject({ kind: 'brief' });
    const draft = await givenPortal(context, { send: false });
    await expect(
      add.execute({ principal: draft.owner, intakeId: draft.intakeId, file: incoming(LOGO_PNG, 'x.png'), meta: META }),
    ).resolves.toMatchObject({ intake_id: draft.intakeId });
  });

  it('converts a HEIC photo to JPEG', async () => {
    const file = await addFile(incoming(HEIC_PHOTO, 'moodboard.heic'));
    expect(file).toMatchObject({ filename: 'moodboard.jpg', mime: 'image/jpeg', extension: 'jpg' });
  });

  it(`takes ${BRIEF_FILES_MAX} brief files besides any uploads`, async () => {
    await givenUpload(context, portal, 'logo');
    for (let i = 0; i < BRIEF_FILES_MAX; i++) await givenBriefFile(context, portal, CONTRACT_PDF, `${i}.pdf`);
    expect((await context.files.ofIntake(portal.intakeId)).filter((f) => f.kind === 'brief')).toHaveLength(10);
  });

  describe('refuses, leaving nothing behind', () => {
    it('an infected file: 422 file_infected, never stored', async () => {
      await refused(() => addFile(incoming(INFECTED_TXT, 'notes.txt')), {
        code: 'unprocessable',
        reason: 'file_infected',
        details: [{ path: 'file', message: 'failed the virus scan' }],
      });
    });

    it(`the ${BRIEF_FILES_MAX + 1}th brief file: 422`, async () => {
      for (let i = 0; i < BRIEF_FILES_MAX; i++) await givenBriefFile(context, portal, CONTRACT_PDF, `${i}.pdf`);
      await refused(() => addFile(), {
        code: 'unprocessable',
        reason: 'validation_failed',
        details: [{ path: 'file', message: 'cannot be added: an intake has at most 10 brief files' }],
      });
    });

    it('the second of two files racing for the last place (checked again under the lock)', async () => {
      for (let i = 0; i < BRIEF_FILES_MAX - 1; i++) await givenBriefFile(context, portal, CONTRACT_PDF, `${i}.pdf`);
      const results = await Promise.allSettled([addFile(), addFile()]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { reason: 'validation_failed' } });
      expect(context.storage.objects.size).toBe(BRIEF_FILES_MAX);
      expect(context.staging.held.size).toBe(0);
    });

    it(`a file over ${BRIEF_FILE_MAX_BYTES} bytes: 422 file.too_large`, async () => {
      await refused(() => addFile({ filename: 'huge.bin', body: byteStream(BRIEF_FILE_MAX_BYTES + 1) }), {
        code: 'unprocessable',
        reason: 'file.too_large',
        params: { max_bytes: BRIEF_FILE_MAX_BYTES },
      });
    });

    it('a file over what is left of the storage quota: 402 quota_exceeded', async () => {
      const quota = planOf('free').quotas.storage_bytes;
      const full = await givenPortal(context, { account: { storage_bytes_used: quota - 10 } });
      await refused(
        () =>
          add.execute({
            principal: full.owner,
            intakeId: full.intakeId,
            file: incoming(CONTRACT_PDF, 'a.pdf'),
            meta: META,
          }),
        { code: 'quota_exceeded', reason: 'storage', params: { limit: quota } },
      );
    });

    it('an archived intake: 409 intake_archived', async () => {
      await context.use(ArchiveIntake).execute({ principal: portal.owner, intakeId: portal.intakeId, meta: META });
      await refused(() => addFile(), { code: 'conflict', reason: 'intake_archived' });
    });

    it.each([
      ['another account', async () => (await givenPortal(context)).owner],
      ['a test key, which sees only its own intakes', async () => portal.testKey],
    ])('an intake of %s: 404', async (_what, principal) => {
      const caller = await principal();
      await refused(() => addFile(undefined, caller), { code: 'not_found' });
    });

    it('a file the scanner cannot scan: the error, nothing stored', async () => {
      context.antivirus.failing = true;
      await refused(() => addFile(), {});
    });

    it('a file the object storage fails to take', async () => {
      context.storage.failing = true;
      await refused(() => addFile(), {});
    });
  });
});
