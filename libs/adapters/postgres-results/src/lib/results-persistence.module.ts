import { Global, Module } from '@nestjs/common';
import { ItemSecrets, ResultCursors } from '@intake/application-results';
import { PostgresItemSecrets } from './postgres.item-secrets';
import { PostgresResultCursors } from './postgres.result-cursors';

/** Binds the results context's stores to PostgreSQL (needs PostgresModule). */
@Global()
@Module({
  providers: [
    { provide: ItemSecrets, useClass: PostgresItemSecrets },
    { provide: ResultCursors, useClass: PostgresResultCursors },
  ],
  exports: [ItemSecrets, ResultCursors],
})
export class ResultsPersistenceModule {}
