export * from './lib/events';
export * from './lib/payloads';
export * from './lib/secret';
export * from './lib/signature';
export * from './lib/retry';
export * from './lib/chat';
export * from './lib/address-safety';
