export * from './files-portal';
