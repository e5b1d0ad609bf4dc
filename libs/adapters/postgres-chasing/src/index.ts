export * from './lib/chase-queue';
export * from './lib/chasing-persistence.module';
export * from './lib/sent-chases';
export * from './lib/owner-notice-queue';
