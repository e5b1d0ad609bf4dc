import { accessOf, actorOf, type Principal } from '@intake/domain-accounts';
import { DomainError, notFound } from '@intake/errors';
import { AuditRecorder, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { FolderStore, type FolderWithCount } from '../ports/folder-store.port';
import { folderNameTaken } from './folder-errors';

export interface UpdateFolderInput {
  principal: Principal;
  folderId: string;
  patch: { name?: string; sort_order?: number };
  meta: RequestMeta;
}

/**
 * PATCH /v1/folders/:id: a new name (unique in the account) or position; 400 no_fields without
 * either. Answers with the folder's count of intakes the caller may see.
 */
export class UpdateFolder {
  static readonly inject = [UnitOfWork, FolderStore, AuditRecorder] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly folders: FolderStore,
    private readonly audit: AuditRecorder,
  ) {}

  async execute({ principal, folderId, patch, meta }: UpdateFolderInput): Promise<FolderWithCount> {
    if (patch.name === undefined && patch.sort_order === undefined) {
      throw new DomainError('invalid_request', 'Give at least one of name or sort_order.', { reason: 'no_fields' });
    }
    return this.uow.run(async () => {
      const updated = await this.folders.update(principal.accountId, folderId, {
        name: patch.name?.trim(),
        sort_order: patch.sort_order,
      });
      if (updated === 'duplicate') throw folderNameTaken();
      if (!updated) throw notFound('Folder');
      await this.audit.record(principal.accountId, actorOf(principal), 'folder.updated', folderId, meta, {
        fields: Object.keys(patch).filter((k) => patch[k as keyof typeof patch] !== undefined),
      });
      const count = (await this.folders.list(accessOf(principal))).find((f) => f.id === folderId)?.intake_count;
      return { ...updated, intake_count: count ?? 0 };
    });
  }
}
