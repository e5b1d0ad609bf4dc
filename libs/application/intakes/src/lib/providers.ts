import { AccountStore } from '@intake/application-accounts';
import { Antivirus, ObjectStorage } from '@intake/application-files';
import { Clock, AuditRecorder, UnitOfWork, WindowCounter, Outbox } from '@intake/kernel';
import { FileScanService } from './files/file-scan.service';
import { FileStore } from './files/files';
import { FolderStore } from './folders/folders';
import { IntakeService, type IntakeSettings } from './intakes/intake.service';
import { IdempotencyStore, IntakeStore } from './intakes/intake.store';
import { TemplateStore } from './templates/templates';

/** Injection token of the IntakeSettings an app binds (from its configuration). */
export const INTAKE_SETTINGS = Symbol('INTAKE_SETTINGS');

/**
 * Providers (in Nest's plain-object form) for the services both the api and the scheduler build,
 * so the two composition roots wire them the same way.
 */
export const intakeServiceProvider = {
  provide: IntakeService,
  inject: [
    UnitOfWork,
    IntakeStore,
    IdempotencyStore,
    FolderStore,
    TemplateStore,
    AccountStore,
    Outbox,
    WindowCounter,
    AuditRecorder,
    Clock,
    ObjectStorage,
    FileStore,
    INTAKE_SETTINGS,
  ],
  useFactory: (...deps: ConstructorParameters<typeof IntakeService>) => new IntakeService(...deps),
};

export const fileScanServiceProvider = {
  provide: FileScanService,
  inject: [UnitOfWork, FileStore, ObjectStorage, Antivirus, IntakeService, Clock],
  useFactory: (...deps: ConstructorParameters<typeof FileScanService>) => new FileScanService(...deps),
};

export type { IntakeSettings };
