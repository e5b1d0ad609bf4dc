import { actorOf, type Principal } from '@intake/domain-accounts';
import { notFound } from '@intake/errors';
import { AuditRecorder, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { FolderStore } from '../ports/folder-store.port';

export interface DeleteFolderInput {
  principal: Principal;
  folderId: string;
  meta: RequestMeta;
}

/** DELETE /v1/folders/:id: its intakes become Unfiled (folder_id null). */
export class DeleteFolder {
  static readonly inject = [UnitOfWork, FolderStore, AuditRecorder] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly folders: FolderStore,
    private readonly audit: AuditRecorder,
  ) {}

  async execute({ principal, folderId, meta }: DeleteFolderInput): Promise<void> {
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
