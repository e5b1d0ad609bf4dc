export * from './lib/clamd.antivirus';
export * from './lib/antivirus.module';
export * from './lib/scan-queue';
