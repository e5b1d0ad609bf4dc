import { actorOf, type Principal } from '@intake/domain-accounts';
import { AuditRecorder, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { WebhookEndpointStore } from '../ports/webhook-endpoint-store.port';
import { auditedEndpoint, endpointNotFound, webhookModesOf } from '../webhook-rules';

export interface DeleteWebhookInput {
  principal: Principal;
  endpointId: string;
  meta: RequestMeta;
}

/**
 * DELETE /v1/webhooks/:id: the endpoint and its whole delivery log are removed (pending deliveries
 * are never sent). Another account's endpoint is 404, and for an API key another mode's.
 */
export class DeleteWebhook {
  static readonly inject = [UnitOfWork, WebhookEndpointStore, AuditRecorder] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly endpoints: WebhookEndpointStore,
    private readonly audit: AuditRecorder,
  ) {}

  async execute({ principal, endpointId, meta }: DeleteWebhookInput): Promise<void> {
    const modes = webhookModesOf(principal);
    await this.uow.run(async () => {
      const endpoint = await this.endpoints.get(principal.accountId, modes, endpointId);
      if (!endpoint || !(await this.endpoints.delete(principal.accountId, modes, endpointId))) {
        throw endpointNotFound();
      }
      await this.audit.record(
        principal.accountId,
        actorOf(principal),
        'webhook.deleted',
        endpointId,
        meta,
        auditedEndpoint(endpoint),
      );
    });
  }
}
