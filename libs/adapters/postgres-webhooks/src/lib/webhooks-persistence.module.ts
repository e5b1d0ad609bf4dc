import { Global, Module } from '@nestjs/common';
import { WebhookDeliveryLog, WebhookEndpointStore, WebhookSubscriptions } from '@intake/application-webhooks';
import { PostgresWebhookDeliveryLog } from './postgres.webhook-delivery-log';
import { PostgresWebhookEndpointStore } from './postgres.webhook-endpoint-store';
import { PostgresWebhookSubscriptions } from './postgres.webhook-subscriptions';

/** Binds the webhooks context's endpoint store, delivery log and subscriptions read to PostgreSQL (needs PostgresModule). */
@Global()
@Module({
  providers: [
    { provide: WebhookEndpointStore, useClass: PostgresWebhookEndpointStore },
    { provide: WebhookDeliveryLog, useClass: PostgresWebhookDeliveryLog },
    { provide: WebhookSubscriptions, useClass: PostgresWebhookSubscriptions },
  ],
  exports: [WebhookEndpointStore, WebhookDeliveryLog, WebhookSubscriptions],
})
export class WebhooksPersistenceModule {}
