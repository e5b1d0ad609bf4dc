export * from './file-store.contract';
export * from './antivirus.contract';
export * from './scan-queue.contract';
export * from './staging-area.contract';
export * from './mail-transport.contract';
