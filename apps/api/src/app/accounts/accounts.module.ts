import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import {
  AcceptInvitation,
  AuthenticateApiKey,
  AuthenticateSession,
  CountRequest,
  CreateApiKey,
  GetAccount,
  GetMe,
  GetUsage,
  InviteMember,
  ListApiKeys,
  ListAuditEntries,
  ListMembers,
  LogIn,
  LogOut,
  RemoveMember,
  RevokeApiKey,
  SignUp,
  TeamSettings,
  UpdateAccount,
} from '@intake/application-accounts';
import { APP_CONFIG, type AppConfig } from '@intake/config';
import { useCase } from '@intake/http';
import { LimitCounter, ProcessCache } from '@intake/kernel';
import { RedisLimitCounter, RedisProcessCache } from '@intake/redis';
import { AccountsPersistenceModule } from '@intake/postgres-accounts';
import { BillingModule } from '../billing/billing.module';
import { AccountController } from './account.controller';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { KeysController } from './keys.controller';
import { TeamController } from './team.controller';

/** The accounts context in the api: sign-up and sessions, team, API keys, account, usage, audit, the guard. */
@Module({
  imports: [AccountsPersistenceModule, BillingModule],
  controllers: [AuthController, TeamController, KeysController, AccountController],
  providers: [
    { provide: TeamSettings, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new TeamSettings(config.appUrl) },
    // API keys read by token stay in the process; a revocation reaches every process through Redis.
    { provide: ProcessCache, useClass: RedisProcessCache },
    // The hourly request limit counted in the process and sent in batches (exact near the limit).
    { provide: LimitCounter, useClass: RedisLimitCounter },
    useCase(SignUp),
    useCase(LogIn),
    useCase(LogOut),
    useCase(GetMe),
    useCase(AuthenticateSession),
    useCase(AuthenticateApiKey),
    useCase(CountRequest),
    useCase(CreateApiKey),
    useCase(ListApiKeys),
    useCase(RevokeApiKey),
    useCase(InviteMember),
    useCase(AcceptInvitation),
    useCase(ListMembers),
    useCase(RemoveMember),
    useCase(GetAccount),
    useCase(UpdateAccount),
    useCase(GetUsage),
    useCase(ListAuditEntries),
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
})
export class AccountsModule {}
