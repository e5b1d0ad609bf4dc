export * from './lib/ports/mail-transport.port';
export * from './lib/mail-transport.probe';
