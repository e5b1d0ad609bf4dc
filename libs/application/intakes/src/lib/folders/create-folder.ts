import { actorOf, type Principal } from '@intake/domain-accounts';
import { newId } from '@intake/ids';
import { AuditRecorder, Clock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { type FolderRecord, FolderStore } from '../ports/folder-store.port';
import { folderNameTaken } from './folder-errors';

export interface CreateFolderInput {
  principal: Principal;
  name: string;
  meta: RequestMeta;
}

/** POST /v1/folders: one level, shared by the whole account, never shown to clients; names are unique. */
export class CreateFolder {
  static readonly inject = [UnitOfWork, FolderStore, AuditRecorder, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly folders: FolderStore,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  execute({ principal, name, meta }: CreateFolderInput): Promise<FolderRecord> {
    return this.uow.run(async () => {
      const folder: FolderRecord = {
        id: newId('folder'),
        account_id: principal.accountId,
        name: name.trim(),
        sort_order: await this.folders.nextSortOrder(principal.accountId),
        created_at: this.clock.now(),
      };
      if (!(await this.folders.insert(folder))) throw folderNameTaken();
      await this.audit.record(principal.accountId, actorOf(principal), 'folder.created', folder.id, meta, {
        name: folder.name,
      });
      return folder;
    });
  }
}
