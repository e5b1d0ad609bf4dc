export * from './lib/verify';
