import { DynamicModule, Module } from '@nestjs/common';
import Redis from 'ioredis';
import { Clock, TestClockControl } from '@intake/kernel';
import { REDIS, REDIS_SETTINGS, RedisSettings } from '@intake/redis';
import { SharedTestClock } from './shared-test.clock';
import { SystemClock } from './system.clock';

/**
 * Binds the Clock port: the system clock, or with `testClock` the Redis-shared test clock (which
 * also binds TestClockControl). Needs RedisModule for the shared clock.
 */
@Module({})
export class ClockModule {
  static forRoot(options: { testClock: boolean }): DynamicModule {
    if (!options.testClock) {
      return {
        module: ClockModule,
        global: true,
        providers: [{ provide: Clock, useClass: SystemClock }],
        exports: [Clock],
      };
    }
    return {
      module: ClockModule,
      global: true,
      providers: [
        {
          provide: SharedTestClock,
          inject: [REDIS, REDIS_SETTINGS],
          useFactory: (redis: Redis, settings: RedisSettings) => new SharedTestClock(redis, settings.prefix),
        },
        { provide: Clock, useExisting: SharedTestClock },
        { provide: TestClockControl, useExisting: SharedTestClock },
      ],
      exports: [Clock, TestClockControl],
    };
  }
}
