export * from './lib/model';
export * from './lib/progress';
export * from './lib/transitions';
