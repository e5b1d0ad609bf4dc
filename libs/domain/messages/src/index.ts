export * from './lib/languages';
export * from './lib/message';
export * from './lib/format';
export * from './lib/catalogue-problems';
