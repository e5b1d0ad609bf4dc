export * from './lib/postgres.webhook-endpoint-store';
export * from './lib/postgres.webhook-delivery-log';
export * from './lib/postgres.webhook-subscriptions';
export * from './lib/webhooks-persistence.module';
// Delivery: the relay's store, the dispatchers' queue and their wake-ups.
export * from './lib/delivery/channels';
export * from './lib/delivery/postgres.webhook-relay-store';
export * from './lib/delivery/postgres.delivery-queue';
export * from './lib/delivery/postgres.delivery-wakeups';
export * from './lib/delivery/webhook-delivery-persistence.module';
