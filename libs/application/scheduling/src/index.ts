export * from './lib/scheduler-pass.port';
