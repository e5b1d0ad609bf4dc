export * from './lib/error-codes';
export * from './lib/domain-error';
