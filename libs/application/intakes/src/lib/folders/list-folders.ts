import { type AccessContext } from '@intake/domain-accounts';
import { FolderStore, type FolderWithCount } from '../ports/folder-store.port';

/** GET /v1/folders: the account's folders with the count of intakes the caller may see in each. */
export class ListFolders {
  static readonly inject = [FolderStore] as const;

  constructor(private readonly folders: FolderStore) {}

  execute(access: AccessContext): Promise<FolderWithCount[]> {
    return this.folders.list(access);
  }
}
