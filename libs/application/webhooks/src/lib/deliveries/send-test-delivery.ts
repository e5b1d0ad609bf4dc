import { actorOf, type Principal } from '@intake/domain-accounts';
import { testPayload, unixSeconds } from '@intake/domain-webhooks';
import { newId } from '@intake/ids';
import { AuditRecorder, Clock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { WebhookDeliveryLog } from '../ports/webhook-delivery-log.port';
import { WebhookEndpointStore } from '../ports/webhook-endpoint-store.port';
import { endpointInactive, endpointNotFound, webhookModesOf } from '../webhook-rules';

export interface SendTestDeliveryInput {
  principal: Principal;
  endpointId: string;
  meta: RequestMeta;
}

/**
 * POST /v1/webhooks/:id/test: queues the fixed test payload (`item.submitted` for the literal test
 * intake) as a pending delivery due at once, whatever events the endpoint subscribes to; it is
 * delivered, retried and logged like any other. 409 endpoint_inactive for a switched-off endpoint.
 */
export class SendTestDelivery {
  static readonly inject = [UnitOfWork, WebhookEndpointStore, WebhookDeliveryLog, AuditRecorder, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly endpoints: WebhookEndpointStore,
    private readonly deliveries: WebhookDeliveryLog,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  execute({ principal, endpointId, meta }: SendTestDeliveryInput): Promise<{ delivery_id: string }> {
    return this.uow.run(async () => {
      const endpoint = await this.endpoints.get(principal.accountId, webhookModesOf(principal), endpointId);
      if (!endpoint) throw endpointNotFound();
      if (!endpoint.active) throw endpointInactive();
      const now = this.clock.now();
      const payload = testPayload(unixSeconds(now));
      const id = newId('webhookDelivery');
      await this.deliveries.insertTest({
        id,
        endpoint_id: endpoint.id,
        account_id: endpoint.account_id,
        event: payload.event,
        payload: { ...payload },
        at: now,
      });
      await this.audit.record(principal.accountId, actorOf(principal), 'webhook.tested', endpoint.id, meta, {
        delivery_id: id,
      });
      return { delivery_id: id };
    });
  }
}
