import { Global, Module } from '@nestjs/common';
import { FolderStore } from '@intake/application-intakes';
import { PostgresFolderStore } from './folder.store';

/** Binds the intakes context's ports to PostgreSQL (needs PostgresModule and AccountsPersistenceModule). */
@Global()
@Module({
  providers: [{ provide: FolderStore, useClass: PostgresFolderStore }],
  exports: [FolderStore],
})
export class IntakesPersistenceModule {}
