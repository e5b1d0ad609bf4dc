export * from './lib/plans';
export * from './lib/access';
export * from './lib/api-key';
export * from './lib/account-settings';
export * from './lib/billing';
export * from './lib/throttling';
export * from './lib/branding';
