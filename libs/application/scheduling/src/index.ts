export * from './lib/ports/scheduler-pass.port';
