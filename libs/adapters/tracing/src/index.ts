export * from './lib/tracing';
