// The webhooks context's published interface.
export * from './lib/ports/webhook-endpoint-store.port';
export * from './lib/ports/webhook-delivery-log.port';
export * from './lib/ports/webhook-subscriptions.port';
export * from './lib/webhook-settings';
export * from './lib/webhook-rules';
export * from './lib/endpoints/register-webhook';
export * from './lib/endpoints/list-webhooks';
export * from './lib/endpoints/delete-webhook';
export * from './lib/deliveries/list-deliveries';
export * from './lib/deliveries/retry-delivery';
export * from './lib/deliveries/send-test-delivery';
export * from './lib/follow-up/webhook-coverage';
// Delivery (the path of an event): the relay, the dispatcher's engine and their ports.
export * from './lib/ports/webhook-relay-store.port';
export * from './lib/ports/delivery-queue.port';
export * from './lib/ports/webhook-sender.port';
export * from './lib/ports/delivery-wakeups.port';
export * from './lib/ports/dispatch-log.port';
export * from './lib/delivery/relay-webhook-events';
export * from './lib/delivery/deliver-webhook';
export * from './lib/delivery/delivery-pump';
