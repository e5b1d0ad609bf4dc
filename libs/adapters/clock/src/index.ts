export * from './lib/system.clock';
export * from './lib/shared-test.clock';
export * from './lib/clock.module';
