export * from './lib/host-resolver';
export * from './lib/http-webhook-sender';
