export * from './lib/redis.module';
