import { DEFAULT_NOTIFICATION_SETTINGS } from '@intake/application-accounts';
import { newId } from '@intake/ids';
import {
  InMemoryAccountStore,
  InMemoryDatabase,
  InMemoryWebhookDeliveryLog,
  InMemoryWebhookEndpointStore,
  InMemoryWebhookSubscriptions,
} from '../in-memory';
import { copy } from '../in-memory/unit-of-work';
import { T0 } from './intake-stores.fixture';
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
      const id = newId('account');
      await accounts.createAccount({
        id,
        name: 'Studio',
        plan: 'free',
        default_language: 'en',
        default_timezone: 'Europe/Prague',
        sender_name: null,
        ...DEFAULT_NOTIFICATION_SETTINGS,
        storage_bytes_used: 0,
        created_at: T0,
        updated_at: T0,
      });
      return id;
    },
    insertDelivery: async (row) => {
      db.webhookDeliveries.rows.push(copy(row));
    },
    stored: async (deliveryId) => copy(db.webhookDeliveries.rows.find((d) => d.id === deliveryId)),
    wakeUps: async () => db.webhookWakeUps.rows.length,
    teardown: async () => undefined,
  };
});
