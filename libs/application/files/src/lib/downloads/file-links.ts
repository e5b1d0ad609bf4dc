import { DomainError } from '@intake/errors';
import { type FileRecord } from '../ports/file-store.port';
import { ObjectStorage, SIGNED_URL_SECONDS } from '../ports/object-storage.port';

/** A URL to redirect to, minted for one servable file. */
export interface FileLink {
  url: string;
  file: FileRecord;
}

export const fileNotFound = () => new DomainError('not_found', 'The file was not found.', { reason: 'file_not_found' });

/**
 * Pending or infected files are never served (docs/contract.md "Signed file URL validity": 422
 * unprocessable).
 */
export function assertServable(file: FileRecord): void {
  if (file.av_status === 'pending') {
    throw new DomainError('unprocessable', 'The file is still being scanned for viruses; try again shortly.', {
      reason: 'file_scan_pending',
    });
  }
  if (file.av_status === 'infected') {
    throw new DomainError('unprocessable', 'The file failed the virus scan and is never served.', {
      reason: 'file_infected',
    });
  }
}

/** Signed download URLs (24 hours) for files that may be served. */
export class FileLinks {
  static readonly inject = [ObjectStorage] as const;

  constructor(private readonly storage: ObjectStorage) {}

  async of(file: FileRecord | undefined, kind: FileRecord['kind'], itemKey?: string): Promise<FileLink> {
    if (!file || file.kind !== kind || (itemKey !== undefined && file.item_key !== itemKey)) throw fileNotFound();
    assertServable(file);
    const url = await this.storage.signedUrl(file.storage_key, {
      filename: file.filename,
      contentType: file.mime,
      expiresInSeconds: SIGNED_URL_SECONDS,
    });
    return { url, file };
  }
}
