import { IntakeWriter } from '@intake/application-intakes';
import { assertPortalSlug, changeAsClient } from '@intake/application-portal';
import { type RequestMeta } from '@intake/kernel';
import { fileNotFound } from '../downloads/file-links';
import { type FileRecord, FileStore } from '../ports/file-store.port';
import { UploadPipeline } from './upload-pipeline';
import { unsubmitted, uploadableItem } from './upload-rules';

export interface RemoveFileInput {
  slug: string;
  key: string;
  fileId: string;
  meta: RequestMeta;
}

/** DELETE /portal/v1/:slug/items/:key/files/:fileId. A submitted item goes back to pending. */
export class RemoveFile {
  static readonly inject = [IntakeWriter, FileStore, UploadPipeline] as const;

  constructor(
    private readonly writer: IntakeWriter,
    private readonly files: FileStore,
    private readonly pipeline: UploadPipeline,
  ) {}

  async execute({ slug, key, fileId, meta }: RemoveFileInput): Promise<void> {
    assertPortalSlug(slug);
    let removed: FileRecord[] = [];
    await changeAsClient(this.writer, slug, meta, {
      action: 'item.file_removed',
      summary: { item_key: key, file_id: fileId },
      decide: async (intake, items, now) => {
        uploadableItem(items, key);
        const file = await this.files.get(intake.id, fileId);
        if (!file || file.kind !== 'upload' || file.item_key !== key) throw fileNotFound();
        removed = await this.files.delete([file.id]);
        return unsubmitted(intake, items, key, now);
      },
    });
    await this.pipeline.removeObjects(removed);
  }
}
