import { type DynamicModule, Module } from '@nestjs/common';
import { WebhookSender } from '@intake/application-webhooks';
import { HttpWebhookSender, type HttpWebhookSenderOptions } from './http.webhook-sender';

/** Binds the WebhookSender port (global) to undici; its connections are closed at shutdown. */
@Module({})
export class WebhookHttpModule {
  static forRoot(options: HttpWebhookSenderOptions): DynamicModule {
    return {
      module: WebhookHttpModule,
      global: true,
      providers: [
        { provide: HttpWebhookSender, useFactory: () => new HttpWebhookSender(options) },
        { provide: WebhookSender, useExisting: HttpWebhookSender },
      ],
      exports: [WebhookSender, HttpWebhookSender],
    };
  }
}
