export * from './lib/postgres.item-secrets';
export * from './lib/results-persistence.module';
export * from './lib/postgres.result-cursors';
