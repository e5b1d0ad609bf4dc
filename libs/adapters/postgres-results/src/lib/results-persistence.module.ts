import { Global, Module } from '@nestjs/common';
import { ItemSecrets } from '@intake/application-results';
import { PostgresItemSecrets } from './item-secrets.store';

/** Binds the results context's stores to PostgreSQL (needs PostgresModule). */
@Global()
@Module({
  providers: [{ provide: ItemSecrets, useClass: PostgresItemSecrets }],
  exports: [ItemSecrets],
})
export class ResultsPersistenceModule {}
