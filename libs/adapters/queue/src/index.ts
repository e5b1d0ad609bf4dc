export * from './lib/queue.module';
