export * from './lib/s3.object-storage';
export * from './lib/s3.module';
