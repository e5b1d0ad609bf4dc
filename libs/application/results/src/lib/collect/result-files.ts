import { IntakeFiles, type IntakeFile } from '@intake/application-intakes';
import { ObjectStorage, SIGNED_URL_SECONDS } from '@intake/application-files';

/** A servable upload as results give it: a signed URL valid 24 hours. */
export interface ResultFile {
  url: string;
  filename: string;
  mime: string;
  size: number;
  checksum_sha256: string;
}

/** One file item's uploads: the servable ones signed, the others (pending or infected) counted. */
export interface ItemUploads {
  servable: ResultFile[];
  pending: number;
}

/** The uploads of an intake's file items, for results: signed URLs of clean files only. */
export class ResultFiles {
  static readonly inject = [IntakeFiles, ObjectStorage] as const;

  constructor(
    private readonly files: IntakeFiles,
    private readonly storage: ObjectStorage,
  ) {}

  /** By item key, in upload order. */
  async byItem(intakeId: string): Promise<Map<string, ItemUploads>> {
    const byItem = new Map<string, ItemUploads>();
    for (const file of await this.files.ofIntake(intakeId)) {
      if (file.kind !== 'upload' || file.item_key === null) continue;
      const entry = byItem.get(file.item_key) ?? { servable: [], pending: 0 };
      if (file.av_status === 'clean') entry.servable.push(await this.link(file));
      else entry.pending += 1;
      byItem.set(file.item_key, entry);
    }
    return byItem;
  }

  private async link(file: IntakeFile): Promise<ResultFile> {
    const url = await this.storage.signedUrl(file.storage_key, {
      filename: file.filename,
      contentType: file.mime,
      expiresInSeconds: SIGNED_URL_SECONDS,
    });
    return { url, filename: file.filename, mime: file.mime, size: file.size, checksum_sha256: file.checksum_sha256 };
  }
}
