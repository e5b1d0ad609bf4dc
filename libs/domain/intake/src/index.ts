export * from './lib/model';
export * from './lib/records';
export * from './lib/progress';
export * from './lib/transitions';
export * from './lib/chase-settings';
export * from './lib/due-date';
export * from './lib/retention';
