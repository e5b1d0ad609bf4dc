import { Global, Module } from '@nestjs/common';
import {
  ClientDirectory,
  FolderStore,
  IdempotencyStore,
  IntakeStore,
  IntakeSweeps,
  ReadModels,
  TemplateStore,
} from '@intake/application-intakes';
import { PostgresFolderStore } from './folder.store';
import { PostgresIdempotencyStore, PostgresIntakeStore } from './intake.store';
import { PostgresIntakeSweeps } from './intake-sweeps';
import { PostgresReadModels } from './read-models';
import { PostgresClientDirectory } from './settings.store';
import { PostgresTemplateStore } from './template.store';

/**
 * Binds the intakes context's stores and the sweeps' claims to PostgreSQL (needs PostgresModule).
 * ReminderPlanner and OwnerNotifier are the chasing context's (ChasingPersistenceModule).
 */
@Global()
@Module({
  providers: [
    { provide: FolderStore, useClass: PostgresFolderStore },
    { provide: IntakeStore, useClass: PostgresIntakeStore },
    { provide: IdempotencyStore, useClass: PostgresIdempotencyStore },
    { provide: TemplateStore, useClass: PostgresTemplateStore },
    { provide: ClientDirectory, useClass: PostgresClientDirectory },
    { provide: IntakeSweeps, useClass: PostgresIntakeSweeps },
    { provide: ReadModels, useClass: PostgresReadModels },
  ],
  exports: [FolderStore, IntakeStore, IdempotencyStore, TemplateStore, ClientDirectory, IntakeSweeps, ReadModels],
})
export class IntakesPersistenceModule {}
