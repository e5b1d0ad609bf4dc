import { DynamicModule, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PostgresProbe } from './postgres.probe';
import { dataSourceOptions, PostgresSettings, runMigrations } from './data-source';

export interface PostgresModuleOptions extends PostgresSettings {
  /** Run pending migrations while the module starts (development default of the api). */
  migrateOnStart?: boolean;
}

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
              const applied = await runMigrations(dataSource);
              if (applied.length > 0) new Logger('PostgresModule').log(`applied migrations: ${applied.join(', ')}`);
            }
            return dataSource;
          },
        }),
      ],
      providers: [PostgresProbe],
      exports: [PostgresProbe],
    };
  }
}
