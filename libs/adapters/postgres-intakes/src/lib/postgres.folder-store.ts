import { Injectable } from '@nestjs/common';
import { FolderRecord, FolderStore, FolderWithCount } from '@intake/application-intakes';
import { AccessContext } from '@intake/domain-accounts';
import { isUniqueViolation, Sql } from '@intake/postgres';
import { accessClause } from './access-sql';

@Injectable()
export class PostgresFolderStore extends FolderStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  /** Each folder's intake count from `intake_counts` (a few rows per folder), not from the intakes. */
  list(access: AccessContext): Promise<FolderWithCount[]> {
    const params: unknown[] = [];
    const visible = accessClause(access, params, 'c');
    return this.sql.query<FolderWithCount>(
      `SELECT f.id, f.account_id, f.name, f.sort_order, f.created_at, coalesce(n.intake_count, 0)::int AS intake_count
         FROM folders f
         LEFT JOIN (SELECT c.folder_id, sum(c.n) AS intake_count FROM intake_counts c WHERE ${visible} GROUP BY c.folder_id) n
           ON n.folder_id = f.id
        WHERE f.account_id = $1 ORDER BY f.sort_order, f.name, f.id`,
      params,
    );
  }

  get(accountId: string, folderId: string): Promise<FolderRecord | undefined> {
    return this.sql.one<FolderRecord>(
      `SELECT id, account_id, name, sort_order, created_at FROM folders WHERE account_id = $1 AND id = $2`,
      [accountId, folderId],
    );
  }

  async nextSortOrder(accountId: string): Promise<number> {
    const row = await this.sql.one<{ next: number }>(
      `SELECT coalesce(max(sort_order) + 1, 0)::int AS next FROM folders WHERE account_id = $1`,
      [accountId],
    );
    return row?.next ?? 0;
  }

  async insert(f: FolderRecord): Promise<boolean> {
    try {
      await this.sql.query('SAVEPOINT insert_folder');
      await this.sql.query(
        `INSERT INTO folders (id, account_id, name, sort_order, created_at) VALUES ($1, $2, $3, $4, $5)`,
        [f.id, f.account_id, f.name, f.sort_order, f.created_at],
      );
      await this.sql.query('RELEASE SAVEPOINT insert_folder');
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.sql.query('ROLLBACK TO SAVEPOINT insert_folder');
      return false;
    }
  }

  async update(
    accountId: string,
    folderId: string,
    patch: { name?: string; sort_order?: number },
  ): Promise<FolderRecord | 'duplicate' | undefined> {
    try {
      await this.sql.query('SAVEPOINT update_folder');
      const row = await this.sql.one<FolderRecord>(
        `UPDATE folders SET name = coalesce($3, name), sort_order = coalesce($4, sort_order)
          WHERE account_id = $1 AND id = $2 RETURNING id, account_id, name, sort_order, created_at`,
        [accountId, folderId, patch.name ?? null, patch.sort_order ?? null],
      );
      await this.sql.query('RELEASE SAVEPOINT update_folder');
      return row;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.sql.query('ROLLBACK TO SAVEPOINT update_folder');
      return 'duplicate';
    }
  }

  async delete(accountId: string, folderId: string): Promise<boolean> {
    const rows = await this.sql.query(`DELETE FROM folders WHERE account_id = $1 AND id = $2 RETURNING id`, [
      accountId,
      folderId,
    ]);
    return rows.length === 1;
  }
}
