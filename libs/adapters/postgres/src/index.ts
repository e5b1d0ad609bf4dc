export * from './lib/data-source';
export * from './lib/database-errors';
export * from './lib/postgres.probe';
export * from './lib/postgres.module';
export * from './lib/migrations';
export * from './lib/rekey-secrets';
export * from './lib/unit-of-work';
export * from './lib/outbox.store';
