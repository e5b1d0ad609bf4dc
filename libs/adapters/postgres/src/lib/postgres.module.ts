import { DatabaseStats } from '@intake/application-health';
import { PostgresStats } from './postgres.database-stats';
import { DynamicModule, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditLog, Outbox, UnitOfWork } from '@intake/kernel';
import { PostgresAuditLog } from './postgres.audit-log';
import { PostgresOutbox } from './postgres.outbox';
import { PostgresProbe } from './postgres.probe';
import { PostgresUnitOfWork, Sql } from './postgres.unit-of-work';
import { dataSourceOptions, PostgresSettings, runMigrations } from './data-source';

export interface PostgresModuleOptions extends PostgresSettings {
  /** Run pending migrations while the module starts (development default of the api). */
  migrateOnStart?: boolean;
}

/**
 * The database connection (global): the data source, migrations on start when asked, and the
 * shared kernel's ports that live in PostgreSQL: the unit of work, the outbox and the audit log.
 * Each context's stores come from its own persistence module (@intake/postgres-<context>).
 */
@Module({})
export class PostgresModule {
  static forRoot(options: PostgresModuleOptions): DynamicModule {
    return {
      module: PostgresModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            ...dataSourceOptions(options),
            retryAttempts: 3,
            retryDelay: 1_000,
          }),
          dataSourceFactory: async (resolved) => {
            if (!resolved) throw new Error('PostgresModule: missing data source options');
            const dataSource = await new DataSource(resolved).initialize();
            if (options.migrateOnStart) {
              const applied = await runMigrations(dataSource, options.secretBox);
              if (applied.length > 0) new Logger('PostgresModule').log(`applied migrations: ${applied.join(', ')}`);
            }
            return dataSource;
          },
        }),
      ],
      providers: [
        PostgresProbe,
        Sql,
        { provide: DatabaseStats, useClass: PostgresStats },
        { provide: UnitOfWork, useClass: PostgresUnitOfWork },
        { provide: Outbox, useClass: PostgresOutbox },
        { provide: AuditLog, useClass: PostgresAuditLog },
      ],
      exports: [PostgresProbe, Sql, DatabaseStats, UnitOfWork, Outbox, AuditLog],
    };
  }
}
