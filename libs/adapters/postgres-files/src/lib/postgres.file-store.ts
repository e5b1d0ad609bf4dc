import { Injectable } from '@nestjs/common';
import { FileRecord, FileStore } from '@intake/application-files';
import { Sql } from '@intake/postgres';

const COLUMNS = [
  'id',
  'account_id',
  'intake_id',
  'kind',
  'item_key',
  'filename',
  'mime',
  'extension',
  'size',
  'width',
  'height',
  'has_alpha',
  'checksum_sha256',
  'storage_key',
  'av_status',
  'av_signature',
  'scanned_at',
  'scan_attempts',
  'created_at',
] as const satisfies ReadonlyArray<keyof FileRecord>;

/** bigint comes back from node-pg as a string; sizes stay far below 2^53. */
const SELECT = COLUMNS.map((c) => (c === 'size' ? 'size::float8 AS size' : c)).join(', ');

/** Files in PostgreSQL; the files_track_storage trigger keeps accounts.storage_bytes_used exact. */
@Injectable()
export class PostgresFileStore extends FileStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  async insert(file: FileRecord): Promise<void> {
    await this.sql.query(
      `INSERT INTO files (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`,
      COLUMNS.map((c) => file[c]),
    );
  }

  ofIntake(intakeId: string): Promise<FileRecord[]> {
    return this.sql.query<FileRecord>(`SELECT ${SELECT} FROM files WHERE intake_id = $1 ORDER BY created_at, id`, [
      intakeId,
    ]);
  }

  get(intakeId: string, fileId: string): Promise<FileRecord | undefined> {
    return this.sql.one<FileRecord>(`SELECT ${SELECT} FROM files WHERE id = $1 AND intake_id = $2`, [fileId, intakeId]);
  }

  byId(fileId: string): Promise<FileRecord | undefined> {
    return this.sql.one<FileRecord>(`SELECT ${SELECT} FROM files WHERE id = $1`, [fileId]);
  }

  async delete(fileIds: string[]): Promise<FileRecord[]> {
    if (fileIds.length === 0) return [];
    return this.sql.query<FileRecord>(`DELETE FROM files WHERE id = ANY($1) RETURNING ${SELECT}`, [fileIds]);
  }

  async storageUsedForUpdate(accountId: string): Promise<number> {
    const row = await this.sql.one<{ used: number }>(
      `SELECT storage_bytes_used::float8 AS used FROM accounts WHERE id = $1 FOR UPDATE`,
      [accountId],
    );
    return row?.used ?? 0;
  }

  async pendingScan(before: Date, now: Date, limit: number): Promise<string[]> {
    const rows = await this.sql.query<{ id: string }>(
      `SELECT id FROM files
        WHERE av_status = 'pending' AND created_at < $1 AND (next_scan_at IS NULL OR next_scan_at <= $2)
        ORDER BY created_at LIMIT $3`,
      [before, now, limit],
    );
    return rows.map((r) => r.id);
  }

  async recordScanFailure(fileId: string, attempts: number, error: string, nextAttemptAt: Date): Promise<void> {
    await this.sql.query(
      `UPDATE files SET scan_attempts = $2, scan_error = $3, next_scan_at = $4 WHERE id = $1 AND av_status = 'pending'`,
      [fileId, attempts, error.slice(0, 500), nextAttemptAt],
    );
  }

  async recordScan(
    fileId: string,
    status: 'clean' | 'infected',
    signature: string | null,
    now: Date,
  ): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE files SET av_status = $2, av_signature = $3, scanned_at = $4 WHERE id = $1 AND av_status = 'pending' RETURNING id`,
      [fileId, status, signature, now],
    );
    return rows.length === 1;
  }
}
