export * from './lib/twilio.sms-transport';
export * from './lib/outbox-dir.sms-transport';
export * from './lib/disabled.sms-transport';
export * from './lib/sms-settings';
export * from './lib/sms.module';
