// The webhooks context's published interface.
// Delivery (the path of an event): the relay, the dispatcher's engine and their ports.
export * from './lib/ports/webhook-relay.port';
export * from './lib/ports/delivery-queue.port';
export * from './lib/ports/webhook-sender.port';
export * from './lib/ports/delivery-wakeups.port';
export * from './lib/ports/dispatch-log.port';
export * from './lib/delivery/relay-webhook-events';
export * from './lib/delivery/deliver-webhook';
export * from './lib/delivery/delivery-pump';
