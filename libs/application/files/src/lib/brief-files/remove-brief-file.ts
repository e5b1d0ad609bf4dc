import { IntakeWriter, unchanged } from '@intake/application-intakes';
import { type Principal } from '@intake/domain-accounts';
import { type RequestMeta } from '@intake/kernel';
import { fileNotFound } from '../downloads/file-links';
import { type FileRecord, FileStore } from '../ports/file-store.port';
import { UploadPipeline } from '../uploads/upload-pipeline';

export interface RemoveBriefFileInput {
  principal: Principal;
  intakeId: string;
  fileId: string;
  meta: RequestMeta;
}

/** DELETE /v1/intakes/:id/brief/files/:fileId: the file goes, and its bytes stop counting against the quota. */
export class RemoveBriefFile {
  static readonly inject = [IntakeWriter, FileStore, UploadPipeline] as const;

  constructor(
    private readonly writer: IntakeWriter,
    private readonly files: FileStore,
    private readonly pipeline: UploadPipeline,
  ) {}

  async execute({ principal, intakeId, fileId, meta }: RemoveBriefFileInput): Promise<void> {
    let removed: FileRecord[] = [];
    await this.writer.change({ by: 'owner', principal, intakeId }, meta, {
      action: 'intake.brief_file_removed',
      summary: { file_id: fileId },
      decide: async (intake, items) => {
        const file = await this.files.get(intake.id, fileId);
        if (!file || file.kind !== 'brief') throw fileNotFound();
        removed = await this.files.delete([file.id]);
        return unchanged(intake, items);
      },
    });
    await this.pipeline.removeObjects(removed);
  }
}
