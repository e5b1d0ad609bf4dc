export * from './lib/webhook-endpoint.store';
export * from './lib/webhook-delivery-log';
export * from './lib/webhook-subscriptions';
export * from './lib/webhooks-persistence.module';
