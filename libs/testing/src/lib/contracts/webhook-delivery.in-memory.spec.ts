import { InMemoryContext } from '../in-memory/container';
import { InMemoryWebhookRelayStore } from '../in-memory/webhook-delivery';
import {
  describeDeliveryQueueContract,
  describeWebhookRelayContract,
  type WebhookDeliveryFixture,
} from './webhook-delivery.contract';

function inMemory(): WebhookDeliveryFixture {
  const context = new InMemoryContext();
  const { db } = context;
  let accounts = 0;
  return {
    uow: db.uow,
    outbox: db.outbox,
    endpoints: context.webhookEndpoints,
    relay: new InMemoryWebhookRelayStore(db),
    queue: context.deliveryQueue,
    otherQueue: context.deliveryQueue,
    createAccount: async () => `acc_inmemory${String((accounts += 1)).padStart(10, '0')}`,
    deliveriesOf: async (endpointId) => db.webhookDeliveries.rows.filter((d) => d.endpoint_id === endpointId),
    wakeUps: async () => db.webhookWakeUps.rows.filter((w) => w.channel === 'webhook_deliveries').length,
    teardown: async () => undefined,
  };
}

describeWebhookRelayContract('in memory', async () => inMemory());
describeDeliveryQueueContract('in memory', async () => inMemory());
