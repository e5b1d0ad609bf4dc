export * from './lib/object-storage.port';
export * from './lib/object-storage.probe';
export * from './lib/antivirus.port';
export * from './lib/file-inspector.port';
