import { type AccessContext } from '@intake/domain-accounts';

export interface FolderRecord {
  id: string;
  account_id: string;
  name: string;
  sort_order: number;
  created_at: Date;
}

export interface FolderWithCount extends FolderRecord {
  /** Intakes filed in it that the caller may see. */
  intake_count: number;
}

export abstract class FolderStore {
  abstract list(access: AccessContext): Promise<FolderWithCount[]>;
  abstract get(accountId: string, folderId: string): Promise<FolderRecord | undefined>;
  /** Resolves false when the account already has a folder of that name (case-insensitively). */
  abstract insert(folder: FolderRecord): Promise<boolean>;
  abstract nextSortOrder(accountId: string): Promise<number>;
  abstract update(
    accountId: string,
    folderId: string,
    patch: { name?: string; sort_order?: number },
  ): Promise<FolderRecord | 'duplicate' | undefined>;
  abstract delete(accountId: string, folderId: string): Promise<boolean>;
}
