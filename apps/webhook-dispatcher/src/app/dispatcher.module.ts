import { DynamicModule, Module } from '@nestjs/common';
import {
  DeliverWebhook,
  DeliveryPump,
  DeliveryWakeups,
  DispatchLog,
  DispatchSettings,
  RelayWebhookEvents,
} from '@intake/application-webhooks';
import { ClockModule } from '@intake/clock';
import { AppConfig, ConfigModule } from '@intake/config';
import { HttpModule, useCase } from '@intake/http';
import { PostgresModule, PostgresProbe, translateDatabaseError } from '@intake/postgres';
import { PostgresDeliveryWakeups, WebhookDeliveryPersistenceModule } from '@intake/postgres-webhooks';
import { RedisModule, RedisProbe } from '@intake/redis';
import { SecretBoxModule } from '@intake/secret-box';
import { type HostResolver, WebhookHttpModule } from '@intake/webhook-http';
import { DispatcherWorker } from './dispatcher.worker';
import { LoggedDispatchLog } from './logged-dispatch-log';

/** What an in-process test changes in the dispatcher: the host names it resolves, its settings. */
export interface DispatcherOverrides {
  resolver?: HostResolver;
  settings?: DispatchSettings;
}

/**
 * The webhook dispatcher: relays committed webhook events into deliveries, claims the due ones
 * (LISTEN/NOTIFY and a poll every second), signs and POSTs them, records each attempt, plus its
 * probe port.
 */
@Module({})
export class DispatcherModule {
  static forRoot(config: AppConfig, overrides: DispatcherOverrides = {}): DynamicModule {
    return {
      module: DispatcherModule,
      imports: [
        ConfigModule.forRoot(config),
        PostgresModule.forRoot({
          ...config.database,
          migrateOnStart: false,
          applicationName: 'intake-dispatcher',
        }),
        RedisModule.forRoot(config.redis),
        ClockModule.forRoot({ testClock: config.testClock }),
        SecretBoxModule.forRoot(config.encryption),
        WebhookHttpModule.forRoot({
          allowPrivateNetworks: config.webhooks.allowPrivateNetworks,
          resolver: overrides.resolver,
        }),
        WebhookDeliveryPersistenceModule,
        HttpModule.forRoot({
          probes: [PostgresProbe, RedisProbe],
          translators: [translateDatabaseError],
          metricsRoute: true,
        }),
      ],
      providers: [
        { provide: DispatchSettings, useValue: overrides.settings ?? new DispatchSettings() },
        { provide: DispatchLog, useClass: LoggedDispatchLog },
        {
          provide: DeliveryWakeups,
          useFactory: () =>
            new PostgresDeliveryWakeups({ url: config.database.url, applicationName: 'intake-dispatcher-listen' }),
        },
        useCase(RelayWebhookEvents),
        useCase(DeliverWebhook),
        useCase(DeliveryPump),
        DispatcherWorker,
      ],
    };
  }
}
