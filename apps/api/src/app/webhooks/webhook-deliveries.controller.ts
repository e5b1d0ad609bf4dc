import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ListDeliveries, RetryDelivery, SendTestDelivery } from '@intake/application-webhooks';
import { Principal } from '@intake/domain-accounts';
import { ApiErrors } from '@intake/http';
import { RequestMeta } from '@intake/kernel';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { deliveryView, MODE_RULE } from './webhook-views';
import { DeliveryListResponse, DeliveryResponse, TestDeliveryResponse } from './webhooks.dto';

/** An endpoint's delivery log, manual retries and test deliveries (same tag as the endpoints). */
@ApiTags('webhooks')
@Controller('v1/webhooks/:id')
export class WebhookDeliveriesController {
  constructor(
    private readonly listDeliveries: ListDeliveries,
    private readonly retryDelivery: RetryDelivery,
    private readonly sendTestDelivery: SendTestDelivery,
  ) {}

  @Get('deliveries')
  @Access({ via: 'any', scope: 'intakes:read' })
  @ApiOperation({
    summary: 'An endpoint’s last 100 deliveries, newest first.',
    description: `Each delivery’s event, status, attempts, last response code or error, next retry and times, without the payload; use it to find out why a receiver missed events. Deliveries are tried 6 times (immediately, then after 1 minute, 5 minutes, 30 minutes, 2 hours and 6 hours). Read-only. ${MODE_RULE}`,
  })
  @ApiOkResponse({ type: DeliveryListResponse })
  async deliveries(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<DeliveryListResponse> {
    const { endpoint, deliveries } = await this.listDeliveries.execute({ principal, endpointId: id });
    return { endpoint_id: endpoint.id, mode: endpoint.mode, deliveries: deliveries.map(deliveryView) };
  }

  @Post('deliveries/:deliveryId/retry')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write', role: 'owner' })
  @ApiOperation({
    summary: 'Retry a webhook delivery that has not succeeded.',
    description: `Sends it again at once through the normal path (the address checked again, a fresh signature, logged). Attempts are never reset: one that used all 6 gets exactly one more. 409 delivery_succeeded for a delivered one, 409 endpoint_inactive for a switched-off endpoint. Sessions: the owner only. Audited. ${MODE_RULE}`,
  })
  @ApiOkResponse({ type: DeliveryResponse, description: 'the delivery, pending and due now' })
  @ApiErrors({ error: 'conflict', reason: 'delivery_succeeded' }, { error: 'conflict', reason: 'endpoint_inactive' })
  async retry(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
    @Meta() meta: RequestMeta,
  ): Promise<DeliveryResponse> {
    const delivery = await this.retryDelivery.execute({ principal, endpointId: id, deliveryId, meta });
    return { delivery: deliveryView(delivery) };
  }

  @Post('test')
  @HttpCode(202)
  @Access({ via: 'any', scope: 'intakes:write', role: 'owner' })
  @ApiOperation({
    summary: 'Send a test event to a webhook endpoint.',
    description: `Queues the fixed test payload (item.submitted of the literal test intake, with a message) to the endpoint whatever events it takes; delivered, retried and logged like any other. Use it to check a receiver and its signature verification. No body. 409 endpoint_inactive for a switched-off endpoint. Sessions: the owner only. Audited. ${MODE_RULE}`,
  })
  @ApiAcceptedResponse({ type: TestDeliveryResponse })
  @ApiErrors({ error: 'conflict', reason: 'endpoint_inactive' })
  async test(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Meta() meta: RequestMeta,
  ): Promise<TestDeliveryResponse> {
    const { delivery_id } = await this.sendTestDelivery.execute({ principal, endpointId: id, meta });
    return { queued: true, delivery_id };
  }
}
