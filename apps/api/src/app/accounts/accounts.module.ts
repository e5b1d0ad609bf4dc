import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import {
  AccountService,
  AccountStore,
  ApiKeysService,
  ApiKeyStore,
  AuthService,
  SessionStore,
  TeamService,
  UsageStore,
} from '@intake/application-accounts';
import { MailTransport } from '@intake/application-mail';
import { Clock, AuditLog, AuditRecorder, UnitOfWork, WindowCounter } from '@intake/kernel';
import { APP_CONFIG, AppConfig } from '@intake/config';
import { AccountsPersistenceModule } from '@intake/postgres-accounts';
import { AccountController } from './account.controller';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { KeysController } from './keys.controller';
import { TeamController } from './team.controller';

/** Accounts and access: sign-up and sessions, team, API keys, account, usage, audit, the guard. */
@Module({
  imports: [AccountsPersistenceModule],
  controllers: [AuthController, TeamController, KeysController, AccountController],
  providers: [
    {
      provide: AuthService,
      inject: [UnitOfWork, AccountStore, SessionStore, ApiKeyStore, WindowCounter, AuditRecorder, Clock],
      useFactory: (...deps: ConstructorParameters<typeof AuthService>) => new AuthService(...deps),
    },
    {
      provide: ApiKeysService,
      inject: [UnitOfWork, ApiKeyStore, AuditRecorder, Clock],
      useFactory: (...deps: ConstructorParameters<typeof ApiKeysService>) => new ApiKeysService(...deps),
    },
    {
      provide: TeamService,
      inject: [UnitOfWork, AccountStore, MailTransport, AuditRecorder, Clock, APP_CONFIG],
      useFactory: (
        uow: UnitOfWork,
        accounts: AccountStore,
        mail: MailTransport,
        audit: AuditRecorder,
        clock: Clock,
        config: AppConfig,
      ) => new TeamService(uow, accounts, mail, audit, clock, { appUrl: config.appUrl }),
    },
    {
      provide: AccountService,
      inject: [UnitOfWork, AccountStore, UsageStore, AuditLog, AuditRecorder, WindowCounter, Clock],
      useFactory: (...deps: ConstructorParameters<typeof AccountService>) => new AccountService(...deps),
    },
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [AuthService, AccountService],
})
export class AccountsModule {}
