import { createHash } from 'node:crypto';
import { ApproveItem, ArchiveIntake, WaiveItem } from '@intake/application-intakes';
import {
  CONTRACT_PDF,
  type GivenPortal,
  givenPortal,
  HEIC_PHOTO,
  incoming,
  InMemoryContext,
  LOGO_PNG,
  META,
  storedItem,
  storedState,
} from '@intake/testing';
import { planOf } from '@intake/domain-accounts';
import { uploadKey } from '../storage-keys';
import { SubmitFiles } from './submit-files';
import { UploadFile } from './upload-file';

/** The free plan's storage quota. */
const GiB = planOf('free').quotas.storage_bytes;

describe('UploadFile', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let upload: UploadFile;

  const uploadTo = (key: string, content: Buffer | string = LOGO_PNG, filename = 'logo.png', slug = portal.slug) =>
    upload.execute({ slug, key, file: incoming(content, filename), meta: META });

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    upload = context.use(UploadFile);
  });

  it('stores the upload with its sniffed facts, pending a virus scan that is queued', async () => {
    const file = await uploadTo('logo', LOGO_PNG, 'C:\\Users\\jan\\Desktop\\logo.png');
    expect(file).toMatchObject({
      account_id: portal.account.id,
      intake_id: portal.intakeId,
      kind: 'upload',
      item_key: 'logo',
      filename: 'logo.png',
      mime: 'image/png',
      extension: 'png',
      size: LOGO_PNG.length,
      width: 64,
      height: 48,
      has_alpha: true,
      checksum_sha256: createHash('sha256').update(LOGO_PNG).digest('hex'),
      storage_key: uploadKey(portal.intakeId, file.id),
      av_status: 'pending',
      av_signature: null,
      scanned_at: null,
      created_at: context.clock.now(),
    });
    expect(file.id).toMatch(/^fil_/);
    expect(await context.files.byId(file.id)).toEqual(file);
    expect(context.storage.objects.get(file.storage_key)).toMatchObject({ bytes: LOGO_PNG, contentType: 'image/png' });
    expect(context.scans.queued).toEqual([file.id]);
    expect((await context.accounts.getAccount(portal.account.id))?.storage_bytes_used).toBe(LOGO_PNG.length);
  });

  it('audits item.file_uploaded as the client, leaves the item pending and sends no webhook', async () => {
    const file = await uploadTo('logo');
    expect(context.auditActions()).toEqual(['intake.created', 'item.file_uploaded']);
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      actor_type: 'client',
      target_id: portal.intakeId,
      ip: META.ip,
      summary: {
        intake_id: portal.intakeId,
        item_key: 'logo',
        file_id: file.id,
        size: file.size,
        checksum_sha256: file.checksum_sha256,
      },
    });
    expect((await storedItem(context, portal.intakeId, 'logo')).status).toBe('pending');
    expect(context.webhooks()).toEqual([]);
  });

  it('counts the upload clean at once, and queues no scan, when the antivirus driver is none', async () => {
    context = new InMemoryContext({ antivirus: 'none' });
    portal = await givenPortal(context);
    const file = await context.use(UploadFile).execute({
      slug: portal.slug,
      key: 'logo',
      file: incoming(LOGO_PNG, 'logo.png'),
      meta: META,
    });
    expect(file).toMatchObject({ av_status: 'clean', scanned_at: context.clock.now() });
    expect(context.scans.queued).toEqual([]);
  });

  it('converts a HEIC photo to JPEG, naming it .jpg', async () => {
    const file = await uploadTo('logo', HEIC_PHOTO, 'IMG_0001.HEIC');
    expect(file).toMatchObject({ filename: 'IMG_0001.jpg', mime: 'image/jpeg', extension: 'jpg', width: 64 });
    expect(context.storage.objects.get(file.storage_key)?.bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('replaces the one file of a file or image item, removing the old bytes and their storage use', async () => {
    const first = await uploadTo('logo');
    const second = await uploadTo('logo', LOGO_PNG, 'logo-v2.png');
    expect((await context.files.ofIntake(portal.intakeId)).map((f) => f.id)).toEqual([second.id]);
    expect(context.storage.objects.has(first.storage_key)).toBe(false);
    expect(context.storage.objects.has(second.storage_key)).toBe(true);
    expect((await context.accounts.getAccount(portal.account.id))?.storage_bytes_used).toBe(LOGO_PNG.length);
  });

  it('adds files to a file list up to its max_count, then refuses the next before reading it', async () => {
    for (const name of ['a.png', 'b.png', 'c.png']) {
      await uploadTo('documents', LOGO_PNG, name);
      context.clock.advance(1);
    }
    expect((await context.files.ofIntake(portal.intakeId)).map((f) => f.filename)).toEqual(['a.png', 'b.png', 'c.png']);
    const before = storedState(context);
    let read = false;
    const body = (async function* () {
      read = true;
      yield LOGO_PNG;
    })();
    await expect(
      upload.execute({ slug: portal.slug, key: 'documents', file: { filename: 'd.png', body }, meta: META }),
    ).rejects.toMatchObject({
      code: 'unprocessable',
      reason: 'validation_failed',
      details: [{ path: 'file', message: 'cannot be added: the item takes at most 3 files' }],
    });
    expect(read).toBe(false);
    expect(storedState(context)).toEqual(before);
  });

  it('checks the room of a file list again under the lock: of two uploads racing for its last place, one wins', async () => {
    await uploadTo('documents', LOGO_PNG, 'a.png');
    await uploadTo('documents', LOGO_PNG, 'b.png');
    const results = await Promise.allSettled([
      uploadTo('documents', LOGO_PNG, 'c.png'),
      uploadTo('documents', LOGO_PNG, 'd.png'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { reason: 'validation_failed' } });
    expect(await context.files.ofIntake(portal.intakeId)).toHaveLength(3);
    expect(context.storage.objects.size).toBe(3);
  });

  it('sends a submitted item back to pending: its files changed', async () => {
    await uploadTo('documents');
    await context.use(SubmitFiles).execute({ slug: portal.slug, key: 'documents', meta: META });
    expect((await storedItem(context, portal.intakeId, 'documents')).status).toBe('submitted');
    await uploadTo('documents', LOGO_PNG, 'another.png');
    expect(await storedItem(context, portal.intakeId, 'documents')).toMatchObject({
      status: 'pending',
      submitted_at: null,
    });
  });

  describe('refuses, leaving nothing behind', () => {
    const refused = async (call: () => Promise<unknown>, expected: Record<string, unknown>) => {
      const before = storedState(context);
      await expect(call()).rejects.toMatchObject(expected);
      expect(storedState(context)).toEqual(before);
    };

    it.each([
      ['a malformed slug', 'not-a-slug'],
      ['an unknown slug', 'A'.repeat(22)],
    ])('%s: the portal 404', async (_what, slug) => {
      await refused(() => uploadTo('logo', LOGO_PNG, 'logo.png', slug), { code: 'not_found', reason: undefined });
    });

    it('a draft: the client cannot see it', async () => {
      const draft = await givenPortal(context, { send: false });
      await refused(() => uploadTo('logo', LOGO_PNG, 'logo.png', draft.slug), { code: 'not_found' });
    });

    it('an archived intake: 409 intake_archived', async () => {
      await context.use(ArchiveIntake).execute({ principal: portal.owner, intakeId: portal.intakeId, meta: META });
      await refused(() => uploadTo('logo'), { code: 'conflict', reason: 'intake_archived' });
    });

    it.each([
      ['an unknown item', 'nope'],
      ["an owner's item, which the client does not see", 'kickoff'],
    ])('%s: 404 item_not_found', async (_what, key) => {
      await refused(() => uploadTo(key), { code: 'not_found', reason: 'item_not_found' });
    });

    it('a value item: it takes a value, not files', async () => {
      await refused(() => uploadTo('tagline'), {
        code: 'unprocessable',
        reason: 'validation_failed',
        details: [{ path: 'file', message: 'is not accepted: item "tagline" takes a value, not files' }],
      });
    });

    it('an approved item: 409 item_approved', async () => {
      await uploadTo('logo');
      await context.use(SubmitFiles).execute({ slug: portal.slug, key: 'logo', meta: META });
      await context.use(ApproveItem).execute({
        principal: portal.owner,
        intakeId: portal.intakeId,
        key: 'logo',
        note: null,
        meta: META,
      });
      await refused(() => uploadTo('logo'), { code: 'conflict', reason: 'item_approved' });
    });

    it('a waived item: 409 item_waived', async () => {
      const waive = { principal: portal.owner, intakeId: portal.intakeId, key: 'logo', reason: null, meta: META };
      await context.use(WaiveItem).execute(waive);
      await refused(() => uploadTo('logo'), { code: 'conflict', reason: 'item_waived' });
    });

    it("a file the item's rules refuse: its bytes are removed again", async () => {
      await refused(() => uploadTo('logo', CONTRACT_PDF, 'logo.pdf'), {
        code: 'unprocessable',
        reason: 'validation_failed',
        details: [{ path: 'file.mime', message: 'must be an image' }],
      });
      await refused(() => uploadTo('contract', LOGO_PNG, 'contract.png'), {
        details: [{ path: 'file.extension', message: 'must be one of pdf' }],
      });
    });

    it('an empty file', async () => {
      await refused(() => uploadTo('documents', '', 'empty.txt'), {
        details: [{ path: 'file.size', message: 'must not be empty' }],
      });
    });

    it("a file over the item's max_bytes: 422 file.too_large", async () => {
      const small = await givenPortal(context, {
        items: [{ key: 'scan', type: 'file', label: 'Scan', constraints: { max_bytes: 1000 } }],
      });
      await refused(() => uploadTo('scan', Buffer.alloc(1001, 'a'), 'scan.txt', small.slug), {
        code: 'unprocessable',
        reason: 'file.too_large',
        params: { max_bytes: 1000 },
      });
      await expect(uploadTo('scan', Buffer.alloc(1000, 'a'), 'scan.txt', small.slug)).resolves.toMatchObject({
        size: 1000,
      });
    });

    it("a file larger than what is left of the plan's storage: 402 quota_exceeded", async () => {
      const full = await givenPortal(context, { account: { storage_bytes_used: GiB - 100 } });
      await refused(() => uploadTo('logo', LOGO_PNG, 'logo.png', full.slug), {
        code: 'quota_exceeded',
        reason: 'storage',
        params: { limit: GiB },
      });
    });

    it('any upload once the storage quota is used up, before reading it', async () => {
      const full = await givenPortal(context, { account: { storage_bytes_used: GiB } });
      let read = false;
      const body = (async function* () {
        read = true;
        yield LOGO_PNG;
      })();
      const file = { filename: 'logo.png', body };
      await refused(() => upload.execute({ slug: full.slug, key: 'logo', file, meta: META }), {
        code: 'quota_exceeded',
        reason: 'storage',
      });
      expect(read).toBe(false);
    });

    it('the second of two uploads that fit the quota alone but not together (admitted under the lock)', async () => {
      const tight = await givenPortal(context, {
        account: { storage_bytes_used: GiB - Math.floor(1.5 * LOGO_PNG.length) },
      });
      const results = await Promise.allSettled([
        uploadTo('documents', LOGO_PNG, 'a.png', tight.slug),
        uploadTo('documents', LOGO_PNG, 'b.png', tight.slug),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(results.find((r) => r.status === 'rejected')).toMatchObject({
        reason: { code: 'quota_exceeded', reason: 'storage' },
      });
      expect(await context.files.ofIntake(tight.intakeId)).toHaveLength(1);
      expect([...context.storage.objects.keys()].filter((k) => k.includes(tight.intakeId))).toHaveLength(1);
    });

    it('an upload the object storage fails to take', async () => {
      context.storage.failing = true;
      await refused(() => uploadTo('logo'), {});
    });
  });

  it('keeps the upload when its scan cannot be queued: the sweep finds it later', async () => {
    context.scans.failing = true;
    const file = await uploadTo('logo');
    expect(await context.files.byId(file.id)).toMatchObject({ av_status: 'pending' });
    expect(context.scans.queued).toEqual([]);
  });
});
