export * from './lib/actor';
export * from './lib/windows';
export * from './lib/failures';
export * from './lib/client-address';
