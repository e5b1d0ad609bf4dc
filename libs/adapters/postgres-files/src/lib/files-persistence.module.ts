import { Global, Module } from '@nestjs/common';
import { FileIntakes, FileStore, ObjectStorage, StoredFileIntakes, StoredIntakeFiles } from '@intake/application-files';
import { IntakeFiles, IntakeStore } from '@intake/application-intakes';
import { PostgresFileStore } from './postgres.file-store';

/**
 * Binds the files context's store to PostgreSQL, the intakes context's IntakeFiles port to the
 * files context's implementation on it, and the files context's FileIntakes to the intakes
 * context's store (needs PostgresModule, IntakesPersistenceModule and an ObjectStorage module).
 */
@Global()
@Module({
  providers: [
    { provide: FileStore, useClass: PostgresFileStore },
    {
      provide: IntakeFiles,
      inject: [FileStore, ObjectStorage],
      useFactory: (files: FileStore, storage: ObjectStorage) => new StoredIntakeFiles(files, storage),
    },
    {
      provide: FileIntakes,
      inject: [IntakeStore],
      useFactory: (intakes: IntakeStore) => new StoredFileIntakes(intakes),
    },
  ],
  exports: [FileStore, IntakeFiles, FileIntakes],
})
export class FilesPersistenceModule {}
