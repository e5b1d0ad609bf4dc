export * from './lib/accounts-persistence.module';
