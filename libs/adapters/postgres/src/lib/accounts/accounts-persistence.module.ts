import { Global, Module } from '@nestjs/common';
import {
  AccountStore,
  ApiKeyStore,
  AuditLog,
  SessionStore,
  UnitOfWork,
  UsageStore,
} from '@intake/application-accounts';
import { PostgresUnitOfWork, Sql } from '../unit-of-work';
import { PostgresAccountStore } from './account.store';
import { PostgresApiKeyStore } from './api-key.store';
import { PostgresAuditLog, PostgresUsageStore } from './audit.store';
import { PostgresSessionStore } from './session.store';

/** Binds the accounts context's ports to PostgreSQL (needs PostgresModule). */
@Global()
@Module({
  providers: [
    Sql,
    { provide: UnitOfWork, useClass: PostgresUnitOfWork },
    { provide: AccountStore, useClass: PostgresAccountStore },
    { provide: SessionStore, useClass: PostgresSessionStore },
    { provide: ApiKeyStore, useClass: PostgresApiKeyStore },
    { provide: AuditLog, useClass: PostgresAuditLog },
    { provide: UsageStore, useClass: PostgresUsageStore },
  ],
  exports: [Sql, UnitOfWork, AccountStore, SessionStore, ApiKeyStore, AuditLog, UsageStore],
})
export class AccountsPersistenceModule {}
