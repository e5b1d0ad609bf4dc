export * from './lib/files-persistence.module';
