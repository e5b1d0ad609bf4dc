export * from './lib/portal-link';
export * from './lib/client-view';
export * from './lib/client-change';
export * from './lib/view-portal';
export * from './lib/submit-item-value';
export * from './lib/propose-waiver';
export * from './lib/set-item-note';
export * from './lib/portal-guessing';
