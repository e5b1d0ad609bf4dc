export * from './lib/test-database';
export * from './lib/test-redis';
export * from './lib/smtp-sink';
export * from './lib/tcp-proxy';
export * from './lib/log-capture';
export * from './lib/factory';
export * from './lib/s3-server';
export * from './lib/app-harness';
