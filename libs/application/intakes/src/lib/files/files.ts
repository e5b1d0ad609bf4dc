import { type FileFacts } from '@intake/application-files';

export type AvStatus = 'pending' | 'clean' | 'infected';
export type FileKind = 'upload' | 'brief';

/** A stored file: a client's upload to a file item, or one of the owner's brief files. */
export interface FileRecord {
  id: string;
  account_id: string;
  intake_id: string;
  kind: FileKind;
  /** The file item it was uploaded to; null for brief files. */
  item_key: string | null;
  /** The client's name for it (display and download only; never part of a storage key). */
  filename: string;
  mime: string;
  extension: string;
  size: number;
  width: number | null;
  height: number | null;
  has_alpha: boolean | null;
  checksum_sha256: string;
  storage_key: string;
  av_status: AvStatus;
  av_signature: string | null;
  scanned_at: Date | null;
  /** Failed scan attempts so far (clamd unreachable or refusing the file). */
  scan_attempts: number;
  created_at: Date;
}

/** Files of intakes. Access is checked on the intake before any of these is called. */
export abstract class FileStore {
  /** Inserts the row; the account's storage_bytes_used grows by its size in the same transaction. */
  abstract insert(file: FileRecord): Promise<void>;
  abstract ofIntake(intakeId: string): Promise<FileRecord[]>;
  abstract get(intakeId: string, fileId: string): Promise<FileRecord | undefined>;
  /** A file by id alone (the scanner's lookup). */
  abstract byId(fileId: string): Promise<FileRecord | undefined>;
  /** Deletes the rows; storage_bytes_used shrinks by their sizes. Returns the deleted rows. */
  abstract delete(fileIds: string[]): Promise<FileRecord[]>;
  /** The account's storage use, locking the account row until the transaction ends. */
  abstract storageUsedForUpdate(accountId: string): Promise<number>;
  /**
   * Ids of files still waiting for a scan, created before `before` and not waiting for a retry
   * later than `now`, oldest first.
   */
  abstract pendingScan(before: Date, now: Date, limit: number): Promise<string[]>;
  /** A scan attempt failed: records the attempts so far, the error and the earliest next attempt. */
  abstract recordScanFailure(fileId: string, attempts: number, error: string, nextAttemptAt: Date): Promise<void>;
  /** Records a scan's verdict if the file is still pending; false when it was not. */
  abstract recordScan(
    fileId: string,
    status: 'clean' | 'infected',
    signature: string | null,
    now: Date,
  ): Promise<boolean>;
}

export const fileFacts = (file: FileRecord) => ({
  mime: file.mime,
  extension: file.extension,
  size: file.size,
  width: file.width,
  height: file.height,
  hasAlpha: file.has_alpha,
});

export function fileRecord(
  base: Pick<FileRecord, 'id' | 'account_id' | 'intake_id' | 'kind' | 'item_key' | 'filename' | 'storage_key'>,
  facts: FileFacts,
  av: { status: AvStatus; scannedAt: Date | null },
  now: Date,
): FileRecord {
  return {
    ...base,
    mime: facts.mime,
    extension: facts.extension,
    size: facts.size,
    width: facts.width,
    height: facts.height,
    has_alpha: facts.hasAlpha,
    checksum_sha256: facts.sha256,
    av_status: av.status,
    av_signature: null,
    scanned_at: av.scannedAt,
    scan_attempts: 0,
    created_at: now,
  };
}

/**
 * A client's file name, cleaned for display and Content-Disposition: the last path segment, no
 * control characters, at most 200 characters; a HEIC photo converted to JPEG ends in `.jpg`.
 */
export function cleanFilename(name: string | undefined, extension: string, converted: boolean): string {
  const lastSegment = (name ?? '').split(/[\\/]/).pop() ?? '';
  let base = [...lastSegment]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  if (!base || base === '.' || base === '..') base = `file.${extension}`;
  if (converted) base = `${base.replace(/\.(heic|heif)$/i, '')}.jpg`;
  if (base.length > 200) {
    const dot = base.lastIndexOf('.');
    const suffix = dot > 0 && base.length - dot <= 12 ? base.slice(dot) : '';
    base = base.slice(0, 200 - suffix.length) + suffix;
  }
  return base;
}
