export * from './lib/item-secrets.store';
export * from './lib/results-persistence.module';
export * from './lib/result-cursors.store';
