// The files context's published interface.

// Ports (adapters implement them)
export * from './lib/ports/object-storage.port';
export * from './lib/ports/object-storage.probe';
export * from './lib/ports/antivirus.port';
export * from './lib/ports/scan-queue.port';
export * from './lib/ports/file-inspector.port';
export * from './lib/ports/file-store.port';
export * from './lib/ports/staging-area.port';
export * from './lib/ports/file-intakes.port';

// Records, storage keys, the intakes context's IntakeFiles port on top of them, and FileIntakes on
// the intakes context's store
export * from './lib/file-records';
export * from './lib/storage-keys';
export * from './lib/stored-intake-files';
export * from './lib/stored-file-intakes';

// Helpers the use cases share
export * from './lib/uploads/upload-pipeline';
export * from './lib/uploads/upload-rules';
export * from './lib/downloads/file-links';

// Use cases
export * from './lib/uploads/upload-file';
export * from './lib/uploads/remove-file';
export * from './lib/uploads/submit-files';
export * from './lib/brief-files/add-brief-file';
export * from './lib/brief-files/remove-brief-file';
export * from './lib/downloads/get-item-file';
export * from './lib/downloads/get-brief-file';
export * from './lib/scans/scan-file';
export * from './lib/scans/sweep-scans';
