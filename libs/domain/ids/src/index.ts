export * from './lib/ids';
