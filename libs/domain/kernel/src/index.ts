export * from './lib/actor';
export * from './lib/windows';
