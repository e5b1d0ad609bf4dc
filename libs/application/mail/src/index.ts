export * from './lib/mail-transport.port';
export * from './lib/mail-transport.probe';
