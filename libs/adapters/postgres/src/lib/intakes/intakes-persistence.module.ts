import { Global, Module } from '@nestjs/common';
import { FolderStore, IdempotencyStore, IntakeStore, Outbox, TemplateStore } from '@intake/application-intakes';
import { PostgresFolderStore } from './folder.store';
import { PostgresIdempotencyStore, PostgresIntakeStore, PostgresOutbox } from './intake.store';
import { PostgresTemplateStore } from './template.store';

/** Binds the intakes context's ports to PostgreSQL (needs PostgresModule and AccountsPersistenceModule). */
@Global()
@Module({
  providers: [
    { provide: FolderStore, useClass: PostgresFolderStore },
    { provide: IntakeStore, useClass: PostgresIntakeStore },
    { provide: IdempotencyStore, useClass: PostgresIdempotencyStore },
    { provide: Outbox, useClass: PostgresOutbox },
    { provide: TemplateStore, useClass: PostgresTemplateStore },
  ],
  exports: [FolderStore, IntakeStore, IdempotencyStore, Outbox, TemplateStore],
})
export class IntakesPersistenceModule {}
