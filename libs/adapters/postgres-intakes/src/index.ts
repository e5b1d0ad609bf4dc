export * from './lib/intakes-persistence.module';
export * from './lib/postgres.intake-store';
export * from './lib/postgres.folder-store';
export * from './lib/postgres.template-store';
export * from './lib/postgres.client-directory';
export * from './lib/postgres.intake-sweeps';
export * from './lib/postgres.read-models';
export * from './lib/postgres.test-clocks';
