export * from './lib/fs.object-storage';
export * from './lib/storage-fs.module';
