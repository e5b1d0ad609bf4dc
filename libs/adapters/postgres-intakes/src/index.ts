export * from './lib/intakes-persistence.module';
export * from './lib/intake.store';
export * from './lib/folder.store';
export * from './lib/template.store';
export * from './lib/settings.store';
export * from './lib/intake-sweeps';
export * from './lib/read-models';
export * from './lib/test-clocks';
