import { bullTelemetry } from '@intake/tracing';
import { DynamicModule, Module } from '@nestjs/common';
import { MailTransportProbe } from '@intake/application-mail';
import { AntivirusModule } from '@intake/antivirus';
import { ObjectStorageProbe } from '@intake/application-files';
import { ClockModule } from '@intake/clock';
import { AppConfig, ConfigModule } from '@intake/config';
import { HttpModule, SharedKernelModule } from '@intake/http';
import { MailModule } from '@intake/mail';
import { PostgresModule, PostgresProbe, translateDatabaseError } from '@intake/postgres';
import { FilesPersistenceModule } from '@intake/postgres-files';
import { IntakesPersistenceModule } from '@intake/postgres-intakes';
import { ChasingPersistenceModule } from '@intake/postgres-chasing';
import { WebhooksPersistenceModule } from '@intake/postgres-webhooks';
import { ResultsPersistenceModule } from '@intake/postgres-results';
import { QueueModule } from '@intake/queue';
import { RedisModule, RedisProbe } from '@intake/redis';
import { S3Module } from '@intake/s3';
import { AesGcmSecretBox, SecretBoxModule } from '@intake/secret-box';
import { SmsModule } from '@intake/sms';
import { StorageFsModule } from '@intake/storage-fs';
import { UploadsModule } from '@intake/uploads';
import { AccountsModule } from './accounts/accounts.module';
import { AgentGuideModule } from './agent-guide/agent-guide.module';
import { ChasingModule } from './chasing/chasing.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { FilesModule } from './files/files.module';
import { IntakesModule } from './intakes/intakes.module';
import { MailEventsModule } from './mail-events/mail-events.module';
import { McpModule } from './mcp/mcp.module';
import { PortalModule } from './portal/portal.module';
import { PortalPageModule } from './portal-page/portal-page.module';
import { TestClockModule } from './test-clock/test-clock.module';
import { TestClocksModule } from './test-clocks/test-clocks.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { ResultsModule } from './results/results.module';

/** The api: /v1 API, portal, probes, OpenAPI, the owner dashboard; test-clock routes only with TEST_CLOCK=enabled. */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ConfigModule.forRoot(config),
        PostgresModule.forRoot({
          ...config.database,
          applicationName: 'intake-api',
          // Migrations on start seal the secret answers already stored (1795001600000).
          secretBox: new AesGcmSecretBox(config.encryption.keys),
        }),
        RedisModule.forRoot(config.redis),
        ClockModule.forRoot({ testClock: config.testClock }),
        config.storage.driver === 's3' ? S3Module.forRoot(config.storage) : StorageFsModule.forRoot(config.storage),
        MailModule.forRoot(config.mail),
        SmsModule.forRoot(config.sms),
        AntivirusModule.forRoot(config.antivirus),
        UploadsModule,
        QueueModule.forRoot({ ...config.redis, telemetry: bullTelemetry() }),
        SecretBoxModule.forRoot(config.encryption),
        SharedKernelModule,
        HttpModule.forRoot({
          probes: [PostgresProbe, RedisProbe, ObjectStorageProbe, MailTransportProbe],
          translators: [translateDatabaseError],
          openApi: true,
        }),
        IntakesPersistenceModule,
        FilesPersistenceModule,
        ChasingPersistenceModule,
        WebhooksPersistenceModule,
        ResultsPersistenceModule,
        AccountsModule,
        IntakesModule,
        TestClocksModule,
        ChasingModule,
        PortalModule,
        FilesModule,
        MailEventsModule,
        WebhooksModule,
        ResultsModule,
        AgentGuideModule,
        McpModule,
        PortalPageModule.forRoot(config),
        ...(config.testClock ? [TestClockModule] : []),
        // Last: its page paths are whatever no route above takes.
        DashboardModule.forRoot(config),
      ],
    };
  }
}
