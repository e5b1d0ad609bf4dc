export * from './lib/redis.tokens';
export * from './lib/redis.module';
export * from './lib/window-counter';
export * from './lib/process-cache';
export * from './lib/limit-counter';
export * from './lib/failure-counter';
