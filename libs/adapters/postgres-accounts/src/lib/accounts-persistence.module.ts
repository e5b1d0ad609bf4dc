import { Global, Module } from '@nestjs/common';
import { AccountStore, ApiKeyStore, BillingStore, SessionStore, UsageStore } from '@intake/application-accounts';
import { PostgresAccountStore } from './account.store';
import { PostgresApiKeyStore } from './api-key.store';
import { PostgresBillingStore } from './billing.store';
import { PostgresSessionStore } from './session.store';
import { PostgresUsageStore } from './usage.store';

/** Binds the accounts context's ports to PostgreSQL (needs PostgresModule). */
@Global()
@Module({
  providers: [
    { provide: AccountStore, useClass: PostgresAccountStore },
    { provide: SessionStore, useClass: PostgresSessionStore },
    { provide: ApiKeyStore, useClass: PostgresApiKeyStore },
    { provide: UsageStore, useClass: PostgresUsageStore },
    { provide: BillingStore, useClass: PostgresBillingStore },
  ],
  exports: [AccountStore, SessionStore, ApiKeyStore, UsageStore, BillingStore],
})
export class AccountsPersistenceModule {}
