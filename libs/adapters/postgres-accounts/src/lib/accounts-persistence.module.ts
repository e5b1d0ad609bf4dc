import { Global, Module } from '@nestjs/common';
import { AccountStore, ApiKeyStore, BillingStore, SessionStore, UsageStore } from '@intake/application-accounts';
import { PostgresAccountStore } from './postgres.account-store';
import { PostgresApiKeyStore } from './postgres.api-key-store';
import { PostgresBillingStore } from './postgres.billing-store';
import { PostgresSessionStore } from './postgres.session-store';
import { PostgresUsageStore } from './postgres.usage-store';

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
