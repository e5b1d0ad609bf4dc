import { Logger, Module } from '@nestjs/common';
import { AccountStore } from '@intake/application-accounts';
import {
  FileScanService,
  fileScanServiceProvider,
  FileService,
  INTAKE_SETTINGS,
  intakeServiceProvider,
  IntakeSettings,
  FileStore,
  FolderService,
  FolderStore,
  ClientDirectory,
  IntakeService,
  IntakeSettingsService,
  ReminderPlanner,
  IntakeStore,
  ItemService,
  PortalService,
  TemplateService,
  TemplateStore,
} from '@intake/application-intakes';
import { MailTransport } from '@intake/application-mail';
import { Antivirus, FileInspector, ObjectStorage, ScanQueue } from '@intake/application-files';
import { Clock, AuditRecorder, UnitOfWork } from '@intake/kernel';
import { APP_CONFIG, AppConfig } from '@intake/config';
import { FilesPersistenceModule } from '@intake/postgres-files';
import { IntakesPersistenceModule } from '@intake/postgres-intakes';
import { AccountsModule } from '../accounts/accounts.module';
import { FoldersController } from './folders.controller';
import { IntakeFilesController } from './intake-files.controller';
import { IntakesController } from './intakes.controller';
import { ItemsController } from './items.controller';
import { PortalController } from '../portal/portal.controller';
import { ClientsController, RecipientsController } from './recipients.controller';
import { TemplatesController } from './templates.controller';

/** Intakes and their items, folders, templates, clients and recipients. */
@Module({
  imports: [AccountsModule, IntakesPersistenceModule, FilesPersistenceModule],
  controllers: [
    PortalController,
    IntakesController,
    ItemsController,
    IntakeFilesController,
    RecipientsController,
    ClientsController,
    FoldersController,
    TemplatesController,
  ],
  exports: [FileScanService, PortalService],
  providers: [
    {
      provide: FolderService,
      inject: [UnitOfWork, FolderStore, AuditRecorder, Clock],
      useFactory: (...deps: ConstructorParameters<typeof FolderService>) => new FolderService(...deps),
    },
    {
      provide: TemplateService,
      inject: [UnitOfWork, TemplateStore, AuditRecorder, Clock],
      useFactory: (...deps: ConstructorParameters<typeof TemplateService>) => new TemplateService(...deps),
    },
    {
      provide: INTAKE_SETTINGS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): IntakeSettings => ({
        portalUrl: config.portalUrl,
        onOrphanedFiles: (intakeId, error) =>
          new Logger('Intakes').warn(
            `files of deleted intake ${intakeId} were not removed: ${error instanceof Error ? error.message : String(error)}`,
          ),
      }),
    },
    intakeServiceProvider,
    {
      provide: ItemService,
      inject: [IntakeService, IntakeStore, AccountStore, MailTransport, FileStore, ObjectStorage],
      useFactory: (...deps: ConstructorParameters<typeof ItemService>) => new ItemService(...deps),
    },
    {
      provide: IntakeSettingsService,
      inject: [IntakeService, IntakeStore, FolderStore, ReminderPlanner, ClientDirectory],
      useFactory: (...deps: ConstructorParameters<typeof IntakeSettingsService>) => new IntakeSettingsService(...deps),
    },
    {
      provide: PortalService,
      inject: [UnitOfWork, IntakeService, IntakeStore, FileStore, Clock],
      useFactory: (...deps: ConstructorParameters<typeof PortalService>) => new PortalService(...deps),
    },
    {
      provide: FileService,
      inject: [
        IntakeService,
        IntakeStore,
        FileStore,
        AccountStore,
        ObjectStorage,
        FileInspector,
        Antivirus,
        ScanQueue,
        Clock,
      ],
      useFactory: (...deps: ConstructorParameters<typeof FileService>) => new FileService(...deps),
    },
    fileScanServiceProvider,
  ],
})
export class IntakesModule {}
