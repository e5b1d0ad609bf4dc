export * from './lib/model';
export * from './lib/catalogue';
export * from './lib/sender';
export * from './lib/client-mails';
export * from './lib/client-sms';
export * from './lib/owner-mails';
export * from './lib/preview';
export { escapeHtml } from './lib/layout';
