export * from './lib/postgres.chase-queue';
export * from './lib/postgres.chase-store';
export * from './lib/chasing-persistence.module';
export * from './lib/postgres.sent-chases';
export * from './lib/postgres.owner-notice-queue';
