export * from './lib/ports/sms-transport.port';
export * from './lib/sms-transport.error';
export * from './lib/outgoing-sms';
export * from './lib/sms-transport.probe';
