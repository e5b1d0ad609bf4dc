import { Global, Module } from '@nestjs/common';
import { FileStore, ObjectStorage, StoredIntakeFiles } from '@intake/application-files';
import { IntakeFiles } from '@intake/application-intakes';
import { PostgresFileStore } from './postgres.file-store';

/**
 * Binds the files context's store to PostgreSQL, and the intakes context's IntakeFiles port to
 * the files context's implementation on it (needs PostgresModule and an ObjectStorage module).
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
  ],
  exports: [FileStore, IntakeFiles],
})
export class FilesPersistenceModule {}
