import { AccountStore } from '@intake/application-accounts';
import { planOf } from '@intake/domain-accounts';
import { DomainError } from '@intake/errors';
import { cleanFilename } from '../file-records';
import { type FileFacts, FileInspector, type Inspection } from '../ports/file-inspector.port';
import { type FileRecord, FileStore } from '../ports/file-store.port';
import { type ByteStream, ObjectStorage } from '../ports/object-storage.port';
import { removeObjects } from '../stored-intake-files';

/** An upload as the HTTP layer hands it over: the client's file name and the streaming body. */
export interface IncomingFile {
  filename: string;
  body: ByteStream;
}

/** The most an upload may be, and whether the storage quota (402) rather than the file's limit (422) sets it. */
export interface UploadLimit {
  bytes: number;
  byQuota: boolean;
  quota: number;
}

const storageQuotaExceeded = (limit: number) =>
  new DomainError('quota_exceeded', `The plan includes ${limit} bytes of file storage and they are used up.`, {
    reason: 'storage',
    params: { limit },
  });

/** A limit error where the quota, not the file's own limit, was what the upload ran into: 402. */
export function uploadError(error: unknown, limit: UploadLimit): unknown {
  if (limit.byQuota && error instanceof DomainError && error.reason === 'file.too_large') {
    return storageQuotaExceeded(limit.quota);
  }
  return error;
}

/**
 * The stages every upload passes: the limit (the file's, or what is left of the storage quota),
 * inspection while the bytes stream by, storage, and the record, admitted under the account's
 * lock only if it still fits the quota. An object whose record was not written is removed again.
 */
export class UploadPipeline {
  static readonly inject = [AccountStore, FileStore, ObjectStorage, FileInspector] as const;

  constructor(
    private readonly accounts: AccountStore,
    private readonly files: FileStore,
    private readonly storage: ObjectStorage,
    private readonly inspector: FileInspector,
  ) {}

  /** The most an upload may be: the file's own limit, or what is left of the storage quota. */
  async limitFor(accountId: string, fileMax: number): Promise<UploadLimit> {
    const account = await this.accounts.getAccount(accountId);
    const quota = planOf(account?.plan ?? 'free').quotas.storage_bytes;
    const left = quota - (account?.storage_bytes_used ?? 0);
    if (left <= 0) throw storageQuotaExceeded(quota);
    return left < fileMax ? { bytes: left, byQuota: true, quota } : { bytes: fileMax, byQuota: false, quota };
  }

  inspect(incoming: IncomingFile, limit: UploadLimit): Promise<Inspection> {
    return this.inspector.inspect(incoming.body, limit.bytes, incoming.filename).catch((error: unknown) => {
      throw uploadError(error, limit);
    });
  }

  /** Streams an upload through the inspector into storage; its facts and cleaned file name. */
  async store(
    key: string,
    incoming: IncomingFile,
    limit: UploadLimit,
  ): Promise<{ facts: FileFacts; filename: string }> {
    const inspection = await this.inspect(incoming, limit);
    await this.put(key, inspection.body, limit, inspection.mime);
    const facts = inspection.facts();
    return { facts, filename: cleanFilename(incoming.filename, facts.extension, facts.converted) };
  }

  async put(key: string, body: ByteStream, limit: UploadLimit, contentType: string): Promise<void> {
    await this.storage.put(key, body, { maxBytes: limit.bytes, contentType }).catch((error: unknown) => {
      throw uploadError(error, limit);
    });
  }

  /** Inside the unit of work: the account row is locked, and the file must still fit the quota. */
  async admit(record: FileRecord): Promise<void> {
    const account = await this.accounts.getAccount(record.account_id);
    const quota = planOf(account?.plan ?? 'free').quotas.storage_bytes;
    const used = await this.files.storageUsedForUpdate(record.account_id);
    if (used + record.size > quota) throw storageQuotaExceeded(quota);
    await this.files.insert(record);
  }

  filesOf(intakeId: string): Promise<FileRecord[]> {
    return this.files.ofIntake(intakeId);
  }

  /** Deletes records in the caller's unit of work; their bytes go with `removeObjects` after it commits. */
  deleteRecords(fileIds: string[]): Promise<FileRecord[]> {
    return this.files.delete(fileIds);
  }

  /** Best effort, after the commit (or after a refused upload): bytes nobody can reach any more. */
  removeObjects(files: Array<Pick<FileRecord, 'storage_key'>>): Promise<void> {
    return removeObjects(this.storage, files);
  }
}
