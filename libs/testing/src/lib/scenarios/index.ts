export * from './files-portal';
export * from './intakes';
