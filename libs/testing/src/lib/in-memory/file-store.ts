import { type FileRecord, FileStore } from '@intake/application-files';
import { type FileRow, type InMemoryDatabase } from './database';
import { copy } from './unit-of-work';

const record = ({ scan_error: _error, next_scan_at: _next, ...file }: FileRow): FileRecord => copy(file);

const oldestFirst = (a: FileRow, b: FileRow) =>
  a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Files in memory; the account's storage use follows inserts and deletes, as the trigger makes it. */
export class InMemoryFileStore extends FileStore {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async insert(file: FileRecord): Promise<void> {
    if (this.db.files.rows.some((f) => f.id === file.id || f.storage_key === file.storage_key)) {
      throw new Error(`duplicate file ${file.id}`);
    }
    this.assertSchema(file);
    this.db.files.rows.push({ ...copy(file), scan_error: null, next_scan_at: null });
    this.db.trackStorage(file.account_id, file.size);
  }

  /** The files table's foreign keys and checks: its account, intake and (for uploads) item exist. */
  private assertSchema(file: FileRecord): void {
    if (!this.db.accounts.rows.some((a) => a.id === file.account_id)) throw new Error(`no account ${file.account_id}`);
    if (!this.db.intakes.rows.some((i) => i.id === file.intake_id)) throw new Error(`no intake ${file.intake_id}`);
    if ((file.kind === 'upload') !== (file.item_key !== null)) {
      throw new Error('an upload has an item key, a brief file none');
    }
    if (
      file.item_key !== null &&
      !this.db.items.rows.some((i) => i.intake_id === file.intake_id && i.key === file.item_key)
    ) {
      throw new Error(`no item ${file.item_key}`);
    }
    if (file.size < 0) throw new Error('a file has no negative size');
  }

  async ofIntake(intakeId: string): Promise<FileRecord[]> {
    return this.db.files.rows
      .filter((f) => f.intake_id === intakeId)
      .sort(oldestFirst)
      .map(record);
  }

  async get(intakeId: string, fileId: string): Promise<FileRecord | undefined> {
    const row = this.db.files.rows.find((f) => f.id === fileId && f.intake_id === intakeId);
    return row && record(row);
  }

  async byId(fileId: string): Promise<FileRecord | undefined> {
    const row = this.db.files.rows.find((f) => f.id === fileId);
    return row && record(row);
  }

  async delete(fileIds: string[]): Promise<FileRecord[]> {
    return this.db.deleteFiles((f) => fileIds.includes(f.id)).map(record);
  }

  async storageUsedForUpdate(accountId: string): Promise<number> {
    return this.db.accounts.rows.find((a) => a.id === accountId)?.storage_bytes_used ?? 0;
  }

  async pendingScan(before: Date, now: Date, limit: number): Promise<string[]> {
    return this.db.files.rows
      .filter(
        (f) =>
          f.av_status === 'pending' &&
          f.created_at.getTime() < before.getTime() &&
          (f.next_scan_at === null || f.next_scan_at.getTime() <= now.getTime()),
      )
      .sort(oldestFirst)
      .slice(0, limit)
      .map((f) => f.id);
  }

  async recordScanFailure(fileId: string, attempts: number, error: string, nextAttemptAt: Date): Promise<void> {
    const file = this.db.files.rows.find((f) => f.id === fileId && f.av_status === 'pending');
    if (!file) return;
    file.scan_attempts = attempts;
    file.scan_error = error.slice(0, 500);
    file.next_scan_at = new Date(nextAttemptAt);
  }

  async recordScan(
    fileId: string,
    status: 'clean' | 'infected',
    signature: string | null,
    now: Date,
  ): Promise<boolean> {
    const file = this.db.files.rows.find((f) => f.id === fileId && f.av_status === 'pending');
    if (!file) return false;
    file.av_status = status;
    file.av_signature = signature;
    file.scanned_at = new Date(now);
    return true;
  }
}
