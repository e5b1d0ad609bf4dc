import { type Clock, type AuditRecorder, type RequestMeta, type UnitOfWork } from '@intake/kernel';
import { type AccessContext, actorOf, type Principal } from '@intake/domain-accounts';
import { DomainError, notFound } from '@intake/errors';
import { newId } from '@intake/ids';

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

const duplicate = () =>
  new DomainError('conflict', 'The account already has a folder of that name.', {
    reason: 'folder_exists',
    details: [{ path: 'name', message: 'is already used by another folder' }],
  });

/** Folders: one level, shared by the whole account, never shown to clients. */
export class FolderService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly folders: FolderStore,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  list(access: AccessContext): Promise<FolderWithCount[]> {
    return this.folders.list(access);
  }

  async create(principal: Principal, name: string, meta: RequestMeta): Promise<FolderRecord> {
    return this.uow.run(async () => {
      const folder: FolderRecord = {
        id: newId('folder'),
        account_id: principal.accountId,
        name: name.trim(),
        sort_order: await this.folders.nextSortOrder(principal.accountId),
        created_at: this.clock.now(),
      };
      if (!(await this.folders.insert(folder))) throw duplicate();
      await this.audit.record(principal.accountId, actorOf(principal), 'folder.created', folder.id, meta, {
        name: folder.name,
      });
      return folder;
    });
  }

  async update(
    principal: Principal,
    folderId: string,
    patch: { name?: string; sort_order?: number },
    meta: RequestMeta,
  ): Promise<FolderRecord> {
    if (patch.name === undefined && patch.sort_order === undefined) {
      throw new DomainError('invalid_request', 'Give at least one of name or sort_order.', { reason: 'no_fields' });
    }
    return this.uow.run(async () => {
      const updated = await this.folders.update(principal.accountId, folderId, {
        name: patch.name?.trim(),
        sort_order: patch.sort_order,
      });
      if (updated === 'duplicate') throw duplicate();
      if (!updated) throw notFound('Folder');
      await this.audit.record(principal.accountId, actorOf(principal), 'folder.updated', folderId, meta, {
        fields: Object.keys(patch).filter((k) => patch[k as keyof typeof patch] !== undefined),
      });
      return updated;
    });
  }

  /** Deletes the folder; its intakes become Unfiled (folder_id null). */
  async delete(principal: Principal, folderId: string, meta: RequestMeta): Promise<void> {
    await this.uow.run(async () => {
      const folder = await this.folders.get(principal.accountId, folderId);
      if (!folder) throw notFound('Folder');
      await this.folders.delete(principal.accountId, folderId);
      await this.audit.record(principal.accountId, actorOf(principal), 'folder.deleted', folderId, meta, {
        name: folder.name,
      });
    });
  }
}
