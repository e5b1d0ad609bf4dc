import { Global, Module } from '@nestjs/common';
import {
  ClientDirectory,
  FolderStore,
  IdempotencyStore,
  IntakeStore,
  IntakeSweeps,
  ReadModels,
  TemplateStore,
  TestClockAdvances,
  TestClockStore,
} from '@intake/application-intakes';
import { TestClockTimes } from '@intake/kernel';
import { PostgresFolderStore } from './postgres.folder-store';
import { PostgresIdempotencyStore, PostgresIntakeStore } from './postgres.intake-store';
import { PostgresIntakeSweeps } from './postgres.intake-sweeps';
import { PostgresReadModels } from './postgres.read-models';
import { PostgresClientDirectory } from './postgres.client-directory';
import { PostgresTemplateStore } from './postgres.template-store';
import { PostgresTestClockAdvances, PostgresTestClockStore } from './postgres.test-clocks';

/**
 * Binds the intakes context's stores, the sweeps' claims and the test clocks to PostgreSQL (needs
 * PostgresModule).
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
    { provide: TestClockStore, useClass: PostgresTestClockStore },
    { provide: TestClockTimes, useExisting: TestClockStore },
    { provide: TestClockAdvances, useClass: PostgresTestClockAdvances },
  ],
  exports: [
    FolderStore,
    IntakeStore,
    IdempotencyStore,
    TemplateStore,
    ClientDirectory,
    IntakeSweeps,
    ReadModels,
    TestClockStore,
    TestClockTimes,
    TestClockAdvances,
  ],
})
export class IntakesPersistenceModule {}
