import { Global, Module } from '@nestjs/common';
import { IntakeStore } from '@intake/application-intakes';
import { ItemSecrets, ResultCursors, ResultIntakes, StoredResultIntakes } from '@intake/application-results';
import { PostgresItemSecrets } from './postgres.item-secrets';
import { PostgresResultCursors } from './postgres.result-cursors';

/**
 * Binds the results context's stores to PostgreSQL, and its ResultIntakes to the intakes context's
 * store (needs PostgresModule and IntakesPersistenceModule).
 */
@Global()
@Module({
  providers: [
    { provide: ItemSecrets, useClass: PostgresItemSecrets },
    { provide: ResultCursors, useClass: PostgresResultCursors },
    {
      provide: ResultIntakes,
      inject: [IntakeStore],
      useFactory: (intakes: IntakeStore) => new StoredResultIntakes(intakes),
    },
  ],
  exports: [ItemSecrets, ResultCursors, ResultIntakes],
})
export class ResultsPersistenceModule {}
