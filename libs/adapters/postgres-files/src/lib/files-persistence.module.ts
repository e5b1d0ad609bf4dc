import { Global, Module } from '@nestjs/common';
import { FileStore } from '@intake/application-intakes';
import { PostgresFileStore } from './file.store';

/** Binds the files context's store to PostgreSQL (needs PostgresModule). */
@Global()
@Module({
  providers: [{ provide: FileStore, useClass: PostgresFileStore }],
  exports: [FileStore],
})
export class FilesPersistenceModule {}
