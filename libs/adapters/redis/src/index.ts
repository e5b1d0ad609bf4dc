export * from './lib/redis.tokens';
export * from './lib/redis.module';
export * from './lib/redis.window-counter';
export * from './lib/redis.process-cache';
export * from './lib/redis.limit-counter';
export * from './lib/redis.failure-counter';
