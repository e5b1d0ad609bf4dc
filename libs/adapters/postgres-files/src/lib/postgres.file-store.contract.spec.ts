import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AccountStore } from '@intake/application-accounts';
import { IntakeStore } from '@intake/application-intakes';
import { UnitOfWork } from '@intake/kernel';
import { PostgresModule, Sql } from '@intake/postgres';
import { AccountsPersistenceModule } from '@intake/postgres-accounts';
import { IntakesPersistenceModule } from '@intake/postgres-intakes';
import { describeFileStoreContract, describePostgresContract } from '@intake/testing';
import { PostgresFileStore } from './postgres.file-store';

describePostgresContract((db) =>
  describeFileStoreContract('PostgreSQL', async () => {
    const app: INestApplicationContext = await Test.createTestingModule({
      imports: [
        PostgresModule.forRoot({ url: db.url, poolSize: 2 }),
        AccountsPersistenceModule,
        IntakesPersistenceModule,
      ],
    }).compile();
    const sql = app.get(Sql);
    const ports = {
      files: new PostgresFileStore(sql),
      accounts: app.get(AccountStore),
      intakes: app.get(IntakeStore),
      uow: app.get(UnitOfWork),
    };
    return {
      empty: async () => {
        // Accounts own everything else (ON DELETE CASCADE); TRUNCATE would fire no row triggers.
        await sql.query('DELETE FROM accounts');
        return ports;
      },
      teardown: () => app.close(),
    };
  }),
);
