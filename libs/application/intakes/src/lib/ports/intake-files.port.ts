export type AvStatus = 'pending' | 'clean' | 'infected';
export type FileKind = 'upload' | 'brief';

/** A stored file of an intake: a client's upload to a file item, or one of the owner's brief files. */
export interface IntakeFile {
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
  /** Where the bytes are, opaque to everyone but the files context. */
  storage_key: string;
  av_status: AvStatus;
  av_signature: string | null;
  scanned_at: Date | null;
  /** Failed scan attempts so far (clamd unreachable or refusing the file). */
  scan_attempts: number;
  created_at: Date;
}

/**
 * What the intakes context needs of the files context, declared here so intakes depends on no
 * file machinery: the files context implements it and the app binds it.
 */
export abstract class IntakeFiles {
  /** The intake's uploads and brief files, oldest first. */
  abstract ofIntake(intakeId: string): Promise<IntakeFile[]>;
  /**
   * Deletes the files' records in the caller's unit of work (the account's storage use shrinks
   * with them) and returns them, so that their bytes can be removed once it commits.
   */
  abstract deleteRecords(fileIds: string[]): Promise<IntakeFile[]>;
  /** Removes the bytes of files whose records are gone; best effort, after the commit. */
  abstract removeObjects(files: IntakeFile[]): Promise<void>;
  /** Removes every stored byte of a deleted intake; rejects when the storage fails. */
  abstract removeAllOf(intakeId: string): Promise<void>;
}

/** The same facts of a file as the item rules (domain-items) read them. */
export const fileFacts = (file: IntakeFile) => ({
  mime: file.mime,
  extension: file.extension,
  size: file.size,
  width: file.width,
  height: file.height,
  hasAlpha: file.has_alpha,
});
