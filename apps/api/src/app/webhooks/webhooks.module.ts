import { Module } from '@nestjs/common';
import {
  DeleteWebhook,
  GetWebhookCoverage,
  ListDeliveries,
  ListWebhooks,
  RegisterWebhook,
  RetryDelivery,
  SendTestDelivery,
  WebhookSettings,
} from '@intake/application-webhooks';
import { APP_CONFIG, type AppConfig } from '@intake/config';
import { useCase } from '@intake/http';
import { WebhookDeliveriesController } from './webhook-deliveries.controller';
import { WebhooksController } from './webhooks.controller';

/**
 * The webhooks context in the api: endpoints, their delivery log, manual retries and test
 * deliveries (the webhook-dispatcher sends them), and the coverage read behind `follow_up`. The
 * stores come from WebhooksPersistenceModule, the SecretBox from SecretBoxModule (both global).
 */
@Module({
  controllers: [WebhooksController, WebhookDeliveriesController],
  providers: [
    {
      provide: WebhookSettings,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new WebhookSettings(config.webhooks.allowPrivateNetworks),
    },
    useCase(RegisterWebhook),
    useCase(ListWebhooks),
    useCase(DeleteWebhook),
    useCase(ListDeliveries),
    useCase(RetryDelivery),
    useCase(SendTestDelivery),
    useCase(GetWebhookCoverage),
  ],
  exports: [GetWebhookCoverage],
})
export class WebhooksModule {}
