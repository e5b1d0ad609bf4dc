import { Logger, Module } from '@nestjs/common';
import { AccountStore, AuditRecorder, UnitOfWork, WindowCounter } from '@intake/application-accounts';
import {
  FolderService,
  FolderStore,
  IdempotencyStore,
  ClientDirectory,
  IntakeService,
  IntakeSettingsService,
  ReminderPlanner,
  IntakeStore,
  ItemService,
  PortalService,
  Outbox,
  TemplateService,
  TemplateStore,
} from '@intake/application-intakes';
import { MailTransport } from '@intake/application-mail';
import { ObjectStorage } from '@intake/application-storage';
import { Clock } from '@intake/application-time';
import { APP_CONFIG, AppConfig } from '@intake/config';
import { IntakesPersistenceModule } from '@intake/postgres';
import { AccountsModule } from '../accounts/accounts.module';
import { FoldersController } from './folders.controller';
import { IntakesController } from './intakes.controller';
import { ItemsController } from './items.controller';
import { PortalController } from '../portal/portal.controller';
import { ClientsController, RecipientsController } from './recipients.controller';
import { TemplatesController } from './templates.controller';

/** Intakes and their items, folders, templates, clients and recipients. */
@Module({
  imports: [AccountsModule, IntakesPersistenceModule],
  controllers: [
    PortalController,
    IntakesController,
    ItemsController,
    RecipientsController,
    ClientsController,
    FoldersController,
    TemplatesController,
  ],
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
        APP_CONFIG,
      ],
      useFactory: (
        uow: UnitOfWork,
        intakes: IntakeStore,
        idempotency: IdempotencyStore,
        folders: FolderStore,
        templates: TemplateStore,
        accounts: AccountStore,
        outbox: Outbox,
        counters: WindowCounter,
        audit: AuditRecorder,
        clock: Clock,
        storage: ObjectStorage,
        config: AppConfig,
      ) =>
        new IntakeService(
          uow,
          intakes,
          idempotency,
          folders,
          templates,
          accounts,
          outbox,
          counters,
          audit,
          clock,
          storage,
          {
            portalUrl: config.portalUrl,
            onOrphanedFiles: (intakeId, error) =>
              new Logger('Intakes').warn(
                `files of deleted intake ${intakeId} were not removed: ${error instanceof Error ? error.message : String(error)}`,
              ),
          },
        ),
    },
    {
      provide: ItemService,
      inject: [IntakeService, IntakeStore, AccountStore, MailTransport],
      useFactory: (...deps: ConstructorParameters<typeof ItemService>) => new ItemService(...deps),
    },
    {
      provide: IntakeSettingsService,
      inject: [IntakeService, IntakeStore, FolderStore, ReminderPlanner, ClientDirectory],
      useFactory: (...deps: ConstructorParameters<typeof IntakeSettingsService>) => new IntakeSettingsService(...deps),
    },
    {
      provide: PortalService,
      inject: [UnitOfWork, IntakeService, IntakeStore, Clock],
      useFactory: (...deps: ConstructorParameters<typeof PortalService>) => new PortalService(...deps),
    },
  ],
})
export class IntakesModule {}
