export * from './lib/variables';
export * from './lib/app-config';
export * from './lib/config.module';
