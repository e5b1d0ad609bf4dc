import { Module } from '@nestjs/common';
import {
  AddItems,
  AddRecipient,
  AnswerItem,
  ApproveItem,
  ArchiveIntake,
  CreateFolder,
  CreateIntake,
  CreateTemplate,
  DecideWaiver,
  DeleteFolder,
  DeleteIntake,
  GetIntake,
  GetIntakeStatus,
  IntakeDrafts,
  IntakeEvents,
  IntakeIdempotency,
  IntakeWriter,
  Invitations,
  ListClients,
  ListFolders,
  ListIntakes,
  ListTemplates,
  MarkItemDone,
  MarkReceivedOutside,
  PortalLinks,
  RemoveRecipient,
  RequestRevision,
  SendIntake,
  UndoReceivedOutside,
  UnwaiveItem,
  UpdateFolder,
  UpdateIntake,
  UpdateItem,
  WaiveItem,
} from '@intake/application-intakes';
import { ReinstateRecipient } from '@intake/application-chasing';
import { APP_CONFIG, type AppConfig } from '@intake/config';
import { useCase } from '@intake/http';
import { IntakeClock } from '@intake/kernel';
import { FoldersController } from './folders.controller';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { IntakeCreationController } from './intake-creation.controller';
import { IntakeLifecycleController } from './intake-lifecycle.controller';
import { IntakesController } from './intakes.controller';
import { ItemMarksController } from './item-marks.controller';
import { ItemsController } from './items.controller';
import { ClientsController, RecipientsController } from './recipients.controller';
import { TemplatesController } from './templates.controller';
import { WaiversController } from './waivers.controller';

/**
 * The intakes context in the api: intakes, items, recipients, clients, folders and templates.
 * Exports the write path, which the portal and files contexts change intakes through. Its stores
 * come from IntakesPersistenceModule, IntakeFiles from FilesPersistenceModule (both global); the
 * webhook coverage behind POST /v1/intakes's follow_up from WebhooksModule.
 */
@Module({
  imports: [WebhooksModule],
  controllers: [
    IntakeCreationController,
    IntakesController,
    IntakeLifecycleController,
    ItemsController,
    ItemMarksController,
    WaiversController,
    RecipientsController,
    ClientsController,
    FoldersController,
    TemplatesController,
  ],
  providers: [
    {
      provide: PortalLinks,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new PortalLinks(config.portalUrl),
    },
    useCase(IntakeEvents),
    useCase(IntakeClock),
    useCase(IntakeWriter),
    useCase(Invitations),
    useCase(IntakeIdempotency),
    useCase(IntakeDrafts),
    useCase(CreateIntake),
    useCase(ListIntakes),
    useCase(GetIntake),
    useCase(GetIntakeStatus),
    useCase(UpdateIntake),
    useCase(SendIntake),
    useCase(ArchiveIntake),
    useCase(DeleteIntake),
    useCase(AddRecipient),
    useCase(RemoveRecipient),
    useCase(ReinstateRecipient),
    useCase(ListClients),
    useCase(AddItems),
    useCase(ApproveItem),
    useCase(UpdateItem),
    useCase(RequestRevision),
    useCase(AnswerItem),
    useCase(MarkItemDone),
    useCase(MarkReceivedOutside),
    useCase(UndoReceivedOutside),
    useCase(WaiveItem),
    useCase(DecideWaiver),
    useCase(UnwaiveItem),
    useCase(ListFolders),
    useCase(CreateFolder),
    useCase(UpdateFolder),
    useCase(DeleteFolder),
    useCase(ListTemplates),
    useCase(CreateTemplate),
  ],
  exports: [IntakeWriter, IntakeEvents],
})
export class IntakesModule {}
