export * from './lib/system.host-resolver';
export * from './lib/http.webhook-sender';
export * from './lib/webhook-http.module';
