import { Module } from '@nestjs/common';
import { AuditRecorder, UnitOfWork } from '@intake/application-accounts';
import { FolderService, FolderStore } from '@intake/application-intakes';
import { Clock } from '@intake/application-time';
import { IntakesPersistenceModule } from '@intake/postgres';
import { AccountsModule } from '../accounts/accounts.module';
import { FoldersController } from './folders.controller';

/** Intakes and their items, folders, templates, clients and recipients. */
@Module({
  imports: [AccountsModule, IntakesPersistenceModule],
  controllers: [FoldersController],
  providers: [
    {
      provide: FolderService,
      inject: [UnitOfWork, FolderStore, AuditRecorder, Clock],
      useFactory: (...deps: ConstructorParameters<typeof FolderService>) => new FolderService(...deps),
    },
  ],
})
export class IntakesModule {}
