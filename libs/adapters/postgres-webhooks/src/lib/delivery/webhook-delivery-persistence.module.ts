import { Global, Module } from '@nestjs/common';
import { DeliveryQueue, WebhookRelayStore } from '@intake/application-webhooks';
import { PostgresDeliveryQueue } from './postgres.delivery-queue';
import { PostgresWebhookRelayStore } from './postgres.webhook-relay-store';

/**
 * Binds the delivery side of the webhooks context to PostgreSQL: the outbox relay's store and the
 * dispatchers' queue (needs PostgresModule). The scheduler relays, the dispatcher relays and
 * dispatches, the api asks whether everything is settled (POST /_test/tick).
 */
@Global()
@Module({
  providers: [
    { provide: WebhookRelayStore, useClass: PostgresWebhookRelayStore },
    { provide: DeliveryQueue, useClass: PostgresDeliveryQueue },
  ],
  exports: [WebhookRelayStore, DeliveryQueue],
})
export class WebhookDeliveryPersistenceModule {}
