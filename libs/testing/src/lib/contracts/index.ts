export * from './file-store.contract';
export * from './antivirus.contract';
