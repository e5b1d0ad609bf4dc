export * from './files-portal';
export * from './intakes';
export * from './webhooks';
