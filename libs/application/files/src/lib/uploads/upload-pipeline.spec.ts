import { planOf } from '@intake/domain-accounts';
import { DomainError } from '@intake/errors';
import { newId } from '@intake/ids';
import {
  type GivenPortal,
  givenPortal,
  givenUpload,
  incoming,
  InMemoryContext,
  LOGO_PNG,
  storedState,
} from '@intake/testing';
import { fileRecord } from '../file-records';
import { fileTooLarge } from '../ports/object-storage.port';
import { uploadKey } from '../storage-keys';
import { uploadError, type UploadLimit, UploadPipeline } from './upload-pipeline';

const QUOTA = planOf('free').quotas.storage_bytes;

describe('UploadPipeline', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let pipeline: UploadPipeline;

  const useStorage = async (bytes: number) => {
    const account = context.db.accounts.rows.find((a) => a.id === portal.account.id);
    if (account) account.storage_bytes_used = bytes;
  };
  const aRecord = (size: number, id = newId('file')) =>
    fileRecord(
      {
        id,
        account_id: portal.account.id,
        intake_id: portal.intakeId,
        kind: 'upload',
        item_key: 'documents',
        filename: 'a.txt',
        storage_key: uploadKey(portal.intakeId, id),
      },
      {
        mime: 'text/plain',
        extension: 'txt',
        size,
        sha256: '00'.repeat(32),
        width: null,
        height: null,
        hasAlpha: null,
        converted: false,
      },
      { status: 'pending', scannedAt: null },
      context.clock.now(),
    );

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    pipeline = context.use(UploadPipeline);
  });

  describe('limitFor', () => {
    it("is the file's own limit while the quota leaves more", async () => {
      expect(await pipeline.limitFor(portal.account.id, 5000)).toEqual({ bytes: 5000, byQuota: false, quota: QUOTA });
    });

    it('is what is left of the storage quota when that is less', async () => {
      await useStorage(QUOTA - 300);
      expect(await pipeline.limitFor(portal.account.id, 5000)).toEqual({ bytes: 300, byQuota: true, quota: QUOTA });
    });

    it("follows the account's plan", async () => {
      const solo = await givenPortal(context, { account: { plan: 'solo' } });
      expect((await pipeline.limitFor(solo.account.id, 1)).quota).toBe(planOf('solo').quotas.storage_bytes);
    });

    it('refuses with 402 quota_exceeded once nothing is left', async () => {
      await useStorage(QUOTA);
      await expect(pipeline.limitFor(portal.account.id, 5000)).rejects.toMatchObject({
        code: 'quota_exceeded',
        reason: 'storage',
        params: { limit: QUOTA },
      });
    });
  });

  describe('uploadError', () => {
    const byQuota: UploadLimit = { bytes: 10, byQuota: true, quota: QUOTA };
    const byFile: UploadLimit = { bytes: 10, byQuota: false, quota: QUOTA };

    it('turns a too-large file into 402 when the quota set the limit', () => {
      expect(uploadError(fileTooLarge(10), byQuota)).toMatchObject({ code: 'quota_exceeded', reason: 'storage' });
    });

    it("keeps 422 file.too_large when the file's own limit set it, and passes other errors", () => {
      const tooLarge = fileTooLarge(10);
      expect(uploadError(tooLarge, byFile)).toBe(tooLarge);
      const other = new DomainError('conflict', 'x', { reason: 'intake_archived' });
      expect(uploadError(other, byQuota)).toBe(other);
      const plain = new Error('disk full');
      expect(uploadError(plain, byQuota)).toBe(plain);
    });
  });

  describe('store', () => {
    const limit = (bytes: number, byQuota = false): UploadLimit => ({ bytes, byQuota, quota: QUOTA });

    it('inspects the bytes while storing them; returns their facts and the cleaned name', async () => {
      const key = uploadKey(portal.intakeId, 'fil_x');
      const { facts, filename } = await pipeline.store(key, incoming(LOGO_PNG, '../../logo.png', 100), limit(1e6));
      expect(filename).toBe('logo.png');
      expect(facts).toMatchObject({ mime: 'image/png', size: LOGO_PNG.length, width: 64, height: 48 });
      expect(context.storage.objects.get(key)?.bytes).toEqual(LOGO_PNG);
    });

    it("refuses a file over the file's limit with 422 file.too_large, storing nothing", async () => {
      const key = uploadKey(portal.intakeId, 'fil_x');
      await expect(pipeline.store(key, incoming('x'.repeat(101), 'a.txt'), limit(100))).rejects.toMatchObject({
        code: 'unprocessable',
        reason: 'file.too_large',
      });
      expect(context.storage.objects.has(key)).toBe(false);
    });

    it('refuses a file over what is left of the quota with 402, storing nothing', async () => {
      const key = uploadKey(portal.intakeId, 'fil_x');
      await expect(pipeline.store(key, incoming('x'.repeat(101), 'a.txt'), limit(100, true))).rejects.toMatchObject({
        code: 'quota_exceeded',
      });
      expect(context.storage.objects.has(key)).toBe(false);
    });

    it("passes the storage's own failure on", async () => {
      context.storage.failing = true;
      await expect(
        pipeline.store(uploadKey(portal.intakeId, 'fil_x'), incoming('hello', 'a.txt'), limit(100)),
      ).rejects.toThrow('object storage unreachable');
    });
  });

  describe('admit', () => {
    it("inserts the record, counting it in the account's storage", async () => {
      const record = aRecord(500);
      await context.db.uow.run(() => pipeline.admit(record));
      expect(await pipeline.filesOf(portal.intakeId)).toEqual([record]);
      expect((await context.accounts.getAccount(portal.account.id))?.storage_bytes_used).toBe(500);
    });

    it('admits a file that fills the quota exactly, and refuses one byte more', async () => {
      await useStorage(QUOTA - 500);
      await expect(context.db.uow.run(() => pipeline.admit(aRecord(501)))).rejects.toMatchObject({
        code: 'quota_exceeded',
        reason: 'storage',
      });
      expect(await pipeline.filesOf(portal.intakeId)).toEqual([]);
      await context.db.uow.run(() => pipeline.admit(aRecord(500)));
      expect((await context.accounts.getAccount(portal.account.id))?.storage_bytes_used).toBe(QUOTA);
    });
  });

  describe('deleteRecords and removeObjects', () => {
    it('delete records first; the bytes go separately', async () => {
      const file = await givenUpload(context, portal, 'logo');
      const deleted = await pipeline.deleteRecords([file.id]);
      expect(deleted.map((f) => f.id)).toEqual([file.id]);
      expect(context.storage.objects.has(file.storage_key)).toBe(true);
      await pipeline.removeObjects(deleted);
      expect(context.storage.objects.has(file.storage_key)).toBe(false);
    });

    it('removes bytes best effort: a failing storage leaves an orphan, not an error', async () => {
      const file = await givenUpload(context, portal, 'logo');
      const before = storedState(context);
      context.storage.failing = true;
      await expect(pipeline.removeObjects([file])).resolves.toBeUndefined();
      expect(storedState(context)).toEqual(before);
    });
  });
});
