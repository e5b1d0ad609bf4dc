export * from './lib/item-secrets.store';
export * from './lib/results-persistence.module';
