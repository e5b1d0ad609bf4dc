import { Module } from '@nestjs/common';
import { WebhookDeliveryPersistenceModule } from '@intake/postgres-webhooks';
import { TestClockController } from './test-clock.controller';
import { TickService } from './tick.service';

/** The test clock's routes; the tick waits on the webhook deliveries (WebhookDeliveryPersistenceModule). */
@Module({ imports: [WebhookDeliveryPersistenceModule], controllers: [TestClockController], providers: [TickService] })
export class TestClockModule {}
