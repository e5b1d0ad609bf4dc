export * from './lib/intakes-persistence.module';
