import { DynamicModule, Module } from '@nestjs/common';
import { ClockModule } from '@intake/clock';
import { AppConfig, ConfigModule } from '@intake/config';
import { HttpModule } from '@intake/http';
import { PostgresModule, PostgresProbe, translateDatabaseError } from '@intake/postgres';
import { QueueModule } from '@intake/queue';
import { RedisModule, RedisProbe } from '@intake/redis';

/**
 * The webhook dispatcher: consumes the webhook queue, signs and POSTs, retries and logs
 * deliveries (the consumer arrives with the webhooks issue), plus its probe port.
 */
@Module({})
export class DispatcherModule {
  static forRoot(config: AppConfig): DynamicModule {
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
        QueueModule.forRoot(config.redis),
        HttpModule.forRoot({
          probes: [PostgresProbe, RedisProbe],
          translators: [translateDatabaseError],
        }),
      ],
    };
  }
}
