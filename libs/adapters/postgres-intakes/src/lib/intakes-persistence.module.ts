import { Global, Module } from '@nestjs/common';
import {
  ClientDirectory,
  FolderStore,
  IdempotencyStore,
  IntakeStore,
  ReminderPlanner,
  TemplateStore,
} from '@intake/application-intakes';
import { PostgresFolderStore } from './folder.store';
import { PostgresIdempotencyStore, PostgresIntakeStore } from './intake.store';
import { CancellingReminderPlanner, PostgresClientDirectory } from './settings.store';
import { PostgresTemplateStore } from './template.store';

/** Binds the intakes context's ports to PostgreSQL (needs PostgresModule). */
@Global()
@Module({
  providers: [
    { provide: FolderStore, useClass: PostgresFolderStore },
    { provide: IntakeStore, useClass: PostgresIntakeStore },
    { provide: IdempotencyStore, useClass: PostgresIdempotencyStore },
    { provide: TemplateStore, useClass: PostgresTemplateStore },
    { provide: ReminderPlanner, useClass: CancellingReminderPlanner },
    { provide: ClientDirectory, useClass: PostgresClientDirectory },
  ],
  exports: [FolderStore, IntakeStore, IdempotencyStore, TemplateStore, ReminderPlanner, ClientDirectory],
})
export class IntakesPersistenceModule {}
