import { DynamicModule, Module } from '@nestjs/common';
import { MailTransportProbe } from '@intake/application-mail';
import { AntivirusModule } from '@intake/antivirus';
import { ObjectStorageProbe } from '@intake/application-files';
import { ClockModule } from '@intake/clock';
import { AppConfig, ConfigModule } from '@intake/config';
import { HttpModule, Metrics, SharedKernelModule, useCase } from '@intake/http';
import { IntakeClock } from '@intake/kernel';
import { bullTelemetry } from '@intake/tracing';
import { MeteredChaseQueue } from './metered-chase-queue';
import { MeteredScanFile } from './metered-scan-file';
import { MailModule } from '@intake/mail';
import { PostgresModule, PostgresProbe, translateDatabaseError } from '@intake/postgres';
import { FilesPersistenceModule } from '@intake/postgres-files';
import { IntakesPersistenceModule } from '@intake/postgres-intakes';
import { ChasingPersistenceModule, PostgresChaseQueue } from '@intake/postgres-chasing';
import { WebhookDeliveryPersistenceModule } from '@intake/postgres-webhooks';
import { RelayWebhookEvents } from '@intake/application-webhooks';
import { AccountsPersistenceModule } from '@intake/postgres-accounts';
import { EndGracePeriods } from '@intake/application-accounts';
import { ScanFile, SweepScans } from '@intake/application-files';
import {
  IntakeEvents,
  IntakeWriter,
  PortalLinks,
  AdvanceTestClocks,
  PurgeExpiredIntakes,
  ReconcileReadModels,
  SweepOverdueIntakes,
  TestClockAdvances,
} from '@intake/application-intakes';
import {
  ChaseAftermath,
  ChaseLetters,
  ChaseQueue,
  DeliverChase,
  MailIdentity,
  OwnerMailSettings,
  PlannedReminders,
  RecordChase,
  SchedulerIdentity,
  SendDueChases,
  SendOwnerNotices,
  SmsCredits,
} from '@intake/application-chasing';
import { hostname } from 'node:os';
import { randomToken } from '@intake/ids';
import { QueueModule } from '@intake/queue';
import { RedisModule, RedisProbe } from '@intake/redis';
import { S3Module } from '@intake/s3';
import { SmsModule } from '@intake/sms';
import { StorageFsModule } from '@intake/storage-fs';
import { ScanProcessor } from './scan.processor';
import { SCHEDULER_PASSES, SchedulerProcessor } from './scheduler.processor';
import { type ClockedPass, type SchedulerPass } from '@intake/application-scheduling';
import { PurgeExpiredSecrets } from '@intake/application-results';
import { ResultsPersistenceModule } from '@intake/postgres-results';

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
        SmsModule.forRoot(config.sms),
        AntivirusModule.forRoot(config.antivirus),
        QueueModule.forRoot({ ...config.redis, telemetry: bullTelemetry() }),
        SharedKernelModule,
        HttpModule.forRoot({
          probes: [PostgresProbe, RedisProbe, ObjectStorageProbe, MailTransportProbe],
          translators: [translateDatabaseError],
          metricsRoute: true,
        }),
        AccountsPersistenceModule,
        IntakesPersistenceModule,
        FilesPersistenceModule,
        ChasingPersistenceModule,
        ResultsPersistenceModule,
        WebhookDeliveryPersistenceModule,
      ],
      providers: [
        { provide: PortalLinks, useValue: new PortalLinks(config.portalUrl) },
        { provide: MailIdentity, useValue: new MailIdentity(addressOf(config.mail.from)) },
        // Host and pid name the process in logs; the random part keeps two instances apart even
        // when they share both (two containers' pid 1 on one host name, two apps in one test).
        {
          provide: SchedulerIdentity,
          useValue: new SchedulerIdentity(`${hostname()}:${process.pid}:${randomToken(12)}`),
        },
        { provide: OwnerMailSettings, useValue: new OwnerMailSettings(config.appUrl, config.mail.from) },
        // Recorded chase outcomes are counted for GET /metrics (intake_chases_total).
        PostgresChaseQueue,
        {
          provide: ChaseQueue,
          inject: [PostgresChaseQueue, Metrics],
          useFactory: (inner: ChaseQueue, metrics: Metrics) => new MeteredChaseQueue(inner, metrics),
        },
        useCase(PlannedReminders),
        useCase(ChaseLetters),
        useCase(SmsCredits),
        useCase(ChaseAftermath),
        useCase(RecordChase),
        useCase(DeliverChase),
        useCase(SendDueChases),
        useCase(IntakeEvents),
        useCase(IntakeClock),
        useCase(IntakeWriter),
        useCase(SweepOverdueIntakes),
        useCase(PurgeExpiredIntakes),
        useCase(SendOwnerNotices),
        {
          provide: ScanFile,
          inject: [Metrics, ...ScanFile.inject],
          useFactory: (metrics: Metrics, ...dependencies: ConstructorParameters<typeof ScanFile>) =>
            new MeteredScanFile(metrics, ...dependencies),
        },
        useCase(SweepScans),
        useCase(PurgeExpiredSecrets),
        useCase(RelayWebhookEvents),
        useCase(EndGracePeriods),
        useCase(ReconcileReadModels),
        {
          // The passes over intakes, in the order below, for each advancing test clock's intakes.
          provide: AdvanceTestClocks,
          inject: [
            TestClockAdvances,
            SchedulerIdentity,
            SendDueChases,
            SweepOverdueIntakes,
            PurgeExpiredIntakes,
            SendOwnerNotices,
            PurgeExpiredSecrets,
          ],
          useFactory: (advances: TestClockAdvances, identity: SchedulerIdentity, ...passes: ClockedPass[]) =>
            new AdvanceTestClocks(advances, passes, identity.worker),
        },
        {
          provide: SCHEDULER_PASSES,
          // Owner notifications after the passes that queue them (a stall, an overdue intake), so
          // one pass sends what it found; the test clocks' advance after the real-time passes (it runs
          // them for each advancing clock); the webhook relay last, for the events the others fired.
          inject: [
            SendDueChases,
            SweepOverdueIntakes,
            PurgeExpiredIntakes,
            SendOwnerNotices,
            AdvanceTestClocks,
            SweepScans,
            PurgeExpiredSecrets,
            EndGracePeriods,
            RelayWebhookEvents,
            ReconcileReadModels,
          ],
          useFactory: (...passes: SchedulerPass[]) => passes,
        },
        SchedulerProcessor,
        ScanProcessor,
      ],
    };
  }
}

/** The address of a From header (`Name <address>` or a bare address). */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}
