import { fileFacts, IntakeWriter } from '@intake/application-intakes';
import { assertPortalSlug, changeAsClient, noSuchPortal } from '@intake/application-portal';
import { assertNotArchived } from '@intake/domain-intake';
import { validateUploadedFile } from '@intake/domain-items';
import { validationFailed } from '@intake/errors';
import { newId } from '@intake/ids';
import { type RequestMeta } from '@intake/kernel';
import { fileRecord } from '../file-records';
import { FileIntakes } from '../ports/file-intakes.port';
import { type FileRecord } from '../ports/file-store.port';
import { Antivirus } from '../ports/antivirus.port';
import { ScanQueue } from '../ports/scan-queue.port';
import { uploadKey } from '../storage-keys';
import { type IncomingFile, UploadPipeline } from './upload-pipeline';
import { assertRoomFor, DEFAULT_MAX_FILE_BYTES, unsubmitted, uploadableItem, uploadsOf } from './upload-rules';

export interface UploadFileInput {
  slug: string;
  key: string;
  file: IncomingFile;
  meta: RequestMeta;
}

/**
 * POST /portal/v1/:slug/items/:key/files: the client adds an upload to a file item. It streams
 * into storage under the item's and the quota's limits; its record is written, under the intake's
 * lock, only once the object is complete and the file passes the item's rules. A file or image
 * item holds one file, so a new upload replaces it. The virus scan follows (av_status pending).
 */
export class UploadFile {
  static readonly inject = [FileIntakes, IntakeWriter, UploadPipeline, Antivirus, ScanQueue] as const;

  constructor(
    private readonly intakes: FileIntakes,
    private readonly writer: IntakeWriter,
    private readonly pipeline: UploadPipeline,
    private readonly antivirus: Antivirus,
    private readonly scans: ScanQueue,
  ) {}

  async execute({ slug, key, file, meta }: UploadFileInput): Promise<FileRecord> {
    assertPortalSlug(slug);
    const intake = await this.intakes.getBySlug(slug);
    if (!intake) throw noSuchPortal();
    assertNotArchived(intake);
    const item = uploadableItem(await this.intakes.items(intake.id), key);
    // A full file_list is refused before the upload is read (and again under the lock).
    assertRoomFor(item, uploadsOf(await this.pipeline.filesOf(intake.id), key));

    const id = newId('file');
    const storageKey = uploadKey(intake.id, id);
    const limit = await this.pipeline.limitFor(intake.account_id, item.constraints.max_bytes ?? DEFAULT_MAX_FILE_BYTES);
    const { facts, filename } = await this.pipeline.store(storageKey, file, limit);
    const base = { id, account_id: intake.account_id, intake_id: intake.id, kind: 'upload' as const, item_key: key };
    let record: FileRecord | undefined;
    let replaced: FileRecord[] = [];
    try {
      await changeAsClient(this.writer, slug, meta, {
        action: 'item.file_uploaded',
        summary: { item_key: key, file_id: id, size: facts.size, checksum_sha256: facts.sha256 },
        decide: async (locked, items, now) => {
          const current = uploadableItem(items, key);
          const scanned = this.antivirus.driver === 'none';
          const uploaded = fileRecord(
            { ...base, filename, storage_key: storageKey },
            facts,
            scanned ? { status: 'clean', scannedAt: now } : { status: 'pending', scannedAt: null },
            now,
          );
          const details = validateUploadedFile(current, fileFacts(uploaded));
          if (details.length > 0) throw validationFailed(details);
          const existing = uploadsOf(await this.pipeline.filesOf(locked.id), key);
          assertRoomFor(current, existing);
          // file and image items hold one file: a new upload replaces the old one.
          if (current.type !== 'file_list') replaced = await this.pipeline.deleteRecords(existing.map((f) => f.id));
          await this.pipeline.admit(uploaded);
          record = uploaded;
          return unsubmitted(locked, items, key, now);
        },
      });
    } catch (error) {
      await this.pipeline.removeObjects([{ storage_key: storageKey }]);
      throw error;
    }
    await this.pipeline.removeObjects(replaced);
    if (!record) throw new Error('the upload was committed without its record');
    // A scan that cannot be queued now is found by the scheduler's sweep a minute later.
    if (record.av_status === 'pending') await this.scans.enqueue(record.id).catch(() => undefined);
    return record;
  }
}
