export * from './lib/folders/folders';
