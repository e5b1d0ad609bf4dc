export * from './lib/object-storage.port';
export * from './lib/object-storage.probe';
