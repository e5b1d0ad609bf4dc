export * from './lib/sniff';
export * from './lib/image-facts';
export * from './lib/heic';
export * from './lib/streaming.file-inspector';
export * from './lib/uploads.module';
export * from './lib/temp-dir.staging-area';
