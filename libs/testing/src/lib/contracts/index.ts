export * from './intake-stores.fixture';
export * from './intake-store.contract';
export * from './idempotency-store.contract';
export * from './folder-store.contract';
export * from './template-store.contract';
export * from './client-directory.contract';
export * from './reminder-planner.contract';
