export * from './lib/clock.port';
export * from './lib/test-clock.port';
