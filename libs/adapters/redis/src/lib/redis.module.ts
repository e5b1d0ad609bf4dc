import { DynamicModule, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { FailureCounter, WindowCounter } from '@intake/kernel';
import { DependencyProbe } from '@intake/application-health';
import { REDIS, REDIS_SETTINGS, RedisSettings } from './redis.tokens';
import { RedisWindowCounter } from './redis.window-counter';
import { RedisFailureCounter } from './redis.failure-counter';

export function createRedisClient(settings: RedisSettings, name = 'intake'): Redis {
  return new Redis(settings.url, {
    connectionName: name,
    // Fail a command quickly while Redis is away instead of queueing it forever.
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    connectTimeout: 3_000,
    lazyConnect: false,
    // Commands issued in the same tick (concurrent requests' counters) share one write.
    enableAutoPipelining: true,
  });
}

@Injectable()
export class RedisProbe extends DependencyProbe implements OnApplicationShutdown {
  readonly dependency = 'redis' as const;

  constructor(@Inject(REDIS) private readonly redis: Redis) {
    super();
  }

  async check(): Promise<void> {
    const answer = await this.redis.ping();
    if (answer !== 'PONG') throw new Error(`unexpected PING answer ${answer}`);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}

@Module({})
export class RedisModule {
  static forRoot(settings: RedisSettings): DynamicModule {
    return {
      module: RedisModule,
      global: true,
      providers: [
        { provide: REDIS_SETTINGS, useValue: settings },
        { provide: REDIS, useFactory: () => createRedisClient(settings) },
        RedisProbe,
        { provide: WindowCounter, useClass: RedisWindowCounter },
        { provide: FailureCounter, useClass: RedisFailureCounter },
      ],
      exports: [REDIS, REDIS_SETTINGS, RedisProbe, WindowCounter, FailureCounter],
    };
  }
}
