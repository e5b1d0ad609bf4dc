import { actorOf, type Principal } from '@intake/domain-accounts';
import { DomainError } from '@intake/errors';
import { AuditRecorder, Clock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { type WebhookDeliveryRecord, WebhookDeliveryLog } from '../ports/webhook-delivery-log.port';
import { WebhookEndpointStore } from '../ports/webhook-endpoint-store.port';
import { deliveryNotFound, endpointInactive, endpointNotFound, webhookModesOf } from '../webhook-rules';

export interface RetryDeliveryInput {
  principal: Principal;
  endpointId: string;
  deliveryId: string;
  meta: RequestMeta;
}

const succeeded = () =>
  new DomainError('conflict', 'The delivery succeeded; only a delivery that has not can be retried.', {
    reason: 'delivery_succeeded',
  });

/**
 * POST /v1/webhooks/:id/deliveries/:deliveryId/retry: a delivery that has not succeeded (pending or
 * failed) is due at once through the normal path (the dispatcher checks the address again and
 * signs afresh). Attempts are never reset: one that used all of its attempts gets exactly one more.
 * 409 delivery_succeeded for a delivered one, 409 endpoint_inactive when the endpoint is switched
 * off. Audited.
 */
export class RetryDelivery {
  static readonly inject = [UnitOfWork, WebhookEndpointStore, WebhookDeliveryLog, AuditRecorder, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly endpoints: WebhookEndpointStore,
    private readonly deliveries: WebhookDeliveryLog,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  execute({ principal, endpointId, deliveryId, meta }: RetryDeliveryInput): Promise<WebhookDeliveryRecord> {
    return this.uow.run(async () => {
      const endpoint = await this.endpoints.get(principal.accountId, webhookModesOf(principal), endpointId);
      if (!endpoint) throw endpointNotFound();
      const delivery = await this.deliveries.get(endpoint.id, deliveryId);
      if (!delivery) throw deliveryNotFound();
      if (delivery.status === 'delivered') throw succeeded();
      if (!endpoint.active) throw endpointInactive();
      const requeued = await this.deliveries.requeue(endpoint.id, delivery.id, this.clock.now());
      if (requeued === 'delivered') throw succeeded(); // it succeeded meanwhile
      if (!requeued) throw deliveryNotFound();
      await this.audit.record(principal.accountId, actorOf(principal), 'webhook.delivery_retried', endpoint.id, meta, {
        delivery_id: delivery.id,
        event: delivery.event,
        status: delivery.status,
        attempts: delivery.attempts,
      });
      return requeued;
    });
  }
}
