import { DynamicModule, Module } from '@nestjs/common';
import { MailTransportProbe } from '@intake/application-mail';
import { AntivirusModule } from '@intake/antivirus';
import { ObjectStorageProbe } from '@intake/application-storage';
import { ClockModule } from '@intake/clock';
import { AppConfig, ConfigModule } from '@intake/config';
import { HttpModule } from '@intake/http';
import { MailModule } from '@intake/mail';
import {
  AccountsPersistenceModule,
  IntakesPersistenceModule,
  PostgresModule,
  PostgresProbe,
  translateDatabaseError,
} from '@intake/postgres';
import { AuditLog, AuditRecorder } from '@intake/application-accounts';
import {
  FileScanService,
  fileScanServiceProvider,
  INTAKE_SETTINGS,
  intakeServiceProvider,
  IntakeSettings,
} from '@intake/application-intakes';
import { Clock } from '@intake/application-time';
import { QueueModule } from '@intake/queue';
import { RedisModule, RedisProbe } from '@intake/redis';
import { S3Module } from '@intake/s3';
import { StorageFsModule } from '@intake/storage-fs';
import { ScanProcessor } from './scan.processor';
import { SCHEDULER_PASSES, SchedulerProcessor } from './scheduler.processor';

/**
 * The scheduler worker: invitations and reminders, sweeps, retention, the outbox relay (each a
 * SchedulerPass, added by the issues that bring them), plus its probe port.
 */
@Module({})
export class SchedulerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: SchedulerModule,
      imports: [
        ConfigModule.forRoot(config),
        PostgresModule.forRoot({
          ...config.database,
          migrateOnStart: false,
          applicationName: 'intake-scheduler',
        }),
        RedisModule.forRoot(config.redis),
        ClockModule.forRoot({ testClock: config.testClock }),
        config.storage.driver === 's3' ? S3Module.forRoot(config.storage) : StorageFsModule.forRoot(config.storage),
        MailModule.forRoot(config.mail),
        AntivirusModule.forRoot(config.antivirus),
        QueueModule.forRoot(config.redis),
        HttpModule.forRoot({
          probes: [PostgresProbe, RedisProbe, ObjectStorageProbe, MailTransportProbe],
          translators: [translateDatabaseError],
        }),
        AccountsPersistenceModule,
        IntakesPersistenceModule,
      ],
      providers: [
        {
          provide: AuditRecorder,
          inject: [AuditLog, Clock],
          useFactory: (log: AuditLog, clock: Clock) => new AuditRecorder(log, clock),
        },
        { provide: INTAKE_SETTINGS, useValue: { portalUrl: config.portalUrl } satisfies IntakeSettings },
        intakeServiceProvider,
        fileScanServiceProvider,
        {
          provide: SCHEDULER_PASSES,
          inject: [FileScanService],
          useFactory: (scans: FileScanService) => [scans.asPass()],
        },
        SchedulerProcessor,
        ScanProcessor,
      ],
    };
  }
}
