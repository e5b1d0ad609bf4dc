import {
  InMemoryAccountStore,
  InMemoryDatabase,
  InMemoryWebhookDeliveryLog,
  InMemoryWebhookEndpointStore,
  InMemoryWebhookSubscriptions,
} from '../in-memory';
import { copy } from '../in-memory/unit-of-work';
import { sampleAccount } from './account-records';
import { describeWebhookStoresContract } from './webhook-stores.contract';

describeWebhookStoresContract('in memory', async () => {
  const db = new InMemoryDatabase();
  const accounts = new InMemoryAccountStore(db);
  return {
    endpoints: new InMemoryWebhookEndpointStore(db),
    deliveries: new InMemoryWebhookDeliveryLog(db),
    subscriptions: new InMemoryWebhookSubscriptions(db),
    uow: db.uow,
    createAccount: async () => {
      const account = sampleAccount();
      await accounts.createAccount(account);
      return account.id;
    },
    insertDelivery: async (row) => {
      db.webhookDeliveries.rows.push(copy(row));
    },
    stored: async (deliveryId) => copy(db.webhookDeliveries.rows.find((d) => d.id === deliveryId)),
    wakeUps: async () => db.webhookWakeUps.rows.length,
    teardown: async () => undefined,
  };
});
