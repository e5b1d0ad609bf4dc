import { Global, Module } from '@nestjs/common';
import {
  ClientDirectory,
  FileStore,
  FolderStore,
  IdempotencyStore,
  IntakeStore,
  Outbox,
  ReminderPlanner,
  TemplateStore,
} from '@intake/application-intakes';
import { CancellingReminderPlanner, PostgresClientDirectory } from './settings.store';
import { PostgresFileStore } from './file.store';
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
    { provide: ReminderPlanner, useClass: CancellingReminderPlanner },
    { provide: ClientDirectory, useClass: PostgresClientDirectory },
    { provide: FileStore, useClass: PostgresFileStore },
  ],
  exports: [
    FileStore,
    FolderStore,
    IntakeStore,
    IdempotencyStore,
    Outbox,
    TemplateStore,
    ReminderPlanner,
    ClientDirectory,
  ],
})
export class IntakesPersistenceModule {}
