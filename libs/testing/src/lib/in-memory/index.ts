export * from './unit-of-work';
export * from './audit-log';
export * from './outbox';
export * from './window-counter';
export * from './diagnostics';
