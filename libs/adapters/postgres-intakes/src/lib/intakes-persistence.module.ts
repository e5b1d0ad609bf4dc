import { Global, Module } from '@nestjs/common';
import {
  ClientDirectory,
  FolderStore,
  IdempotencyStore,
  IntakeStore,
  TemplateStore,
} from '@intake/application-intakes';
import { PostgresFolderStore } from './folder.store';
import { PostgresIdempotencyStore, PostgresIntakeStore } from './intake.store';
import { PostgresClientDirectory } from './settings.store';
import { PostgresTemplateStore } from './template.store';

/**
 * Binds the intakes context's stores to PostgreSQL (needs PostgresModule). ReminderPlanner is the
 * chasing context's (ChasingPersistenceModule).
 */
@Global()
@Module({
  providers: [
    { provide: FolderStore, useClass: PostgresFolderStore },
    { provide: IntakeStore, useClass: PostgresIntakeStore },
    { provide: IdempotencyStore, useClass: PostgresIdempotencyStore },
    { provide: TemplateStore, useClass: PostgresTemplateStore },
    { provide: ClientDirectory, useClass: PostgresClientDirectory },
  ],
  exports: [FolderStore, IntakeStore, IdempotencyStore, TemplateStore, ClientDirectory],
})
export class IntakesPersistenceModule {}
