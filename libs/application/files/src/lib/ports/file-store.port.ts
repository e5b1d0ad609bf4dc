import { type IntakeFile } from '@intake/application-intakes';

/** A stored file, as the files context keeps it (the intakes context's IntakeFile). */
export type FileRecord = IntakeFile;

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
