import { type IntakeFile, IntakeFiles } from '@intake/application-intakes';
import { FileStore } from './ports/file-store.port';
import { ObjectStorage } from './ports/object-storage.port';
import { intakeFilesPrefix } from './storage-keys';

/** The intakes context's IntakeFiles port, on the file store and object storage. */
export class StoredIntakeFiles extends IntakeFiles {
  static readonly inject = [FileStore, ObjectStorage] as const;

  constructor(
    private readonly files: FileStore,
    private readonly storage: ObjectStorage,
  ) {
    super();
  }

  ofIntake(intakeId: string): Promise<IntakeFile[]> {
    return this.files.ofIntake(intakeId);
  }

  deleteRecords(fileIds: string[]): Promise<IntakeFile[]> {
    return this.files.delete(fileIds);
  }

  removeObjects(files: IntakeFile[]): Promise<void> {
    return removeObjects(this.storage, files);
  }

  removeAllOf(intakeId: string): Promise<void> {
    return this.storage.deletePrefix(intakeFilesPrefix(intakeId));
  }
}

/** Removes stored objects one by one, best effort: a failure leaves an orphan, never an error. */
export async function removeObjects(
  storage: ObjectStorage,
  files: ReadonlyArray<Pick<IntakeFile, 'storage_key'>>,
): Promise<void> {
  for (const file of files) await storage.delete(file.storage_key).catch(() => undefined);
}
