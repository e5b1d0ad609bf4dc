export * from './lib/clamd.antivirus';
export * from './lib/antivirus.module';
export * from './lib/bullmq.scan-queue';
