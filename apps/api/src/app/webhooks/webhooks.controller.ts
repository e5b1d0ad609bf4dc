import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DeleteWebhook, ListWebhooks, RegisterWebhook } from '@intake/application-webhooks';
import { Principal } from '@intake/domain-accounts';
import { ApiErrors } from '@intake/http';
import { RequestMeta } from '@intake/kernel';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { endpointView, MODE_RULE } from './webhook-views';
import { CreatedWebhookResponse, RegisterWebhookRequest, WebhookListResponse } from './webhooks.dto';

@ApiTags('webhooks')
@Controller('v1/webhooks')
export class WebhooksController {
  constructor(
    private readonly registerWebhook: RegisterWebhook,
    private readonly listWebhooks: ListWebhooks,
    private readonly deleteWebhook: DeleteWebhook,
  ) {}

  @Post()
  @Access({ via: 'any', scope: 'intakes:write', role: 'owner' })
  @ApiOperation({
    summary: 'Register a webhook endpoint for intake events (secret shown once).',
    description: `The URL receives a signed POST (X-Service-Signature: t=…,v1=HMAC-SHA256 of "t.body" with the secret) for each chosen event: item.submitted, intake.completed, client.viewed, chase.bounced, intake.stalled, intake.overdue, intake.archived; format raw (JSON), slack or discord (a ready-made chat message). Register one instead of polling: POST /v1/intakes recommends it in follow_up once an endpoint covers the events. The answer holds the signing secret, shown this once. 422 naming the field for an event outside the seven, another format, an unsafe URL, or a mode an API key may not give it; 409 webhook_limit past 20 endpoints per mode. Sessions: the owner only. Audited. ${MODE_RULE}`,
  })
  @ApiCreatedResponse({ type: CreatedWebhookResponse })
  @ApiErrors({ error: 'conflict', reason: 'webhook_limit' })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: RegisterWebhookRequest,
    @Meta() meta: RequestMeta,
  ): Promise<CreatedWebhookResponse> {
    const { endpoint, secret } = await this.registerWebhook.execute({
      principal,
      url: body.url,
      events: body.events,
      format: body.format,
      mode: body.mode,
      meta,
    });
    return { ...endpointView(endpoint), secret };
  }

  @Get()
  @Access({ via: 'any', scope: 'intakes:read' })
  @ApiOperation({
    summary: 'The webhook endpoints, oldest first, without their secrets.',
    description: `Each endpoint’s URL (slack and discord URLs as their origin only: the path is a credential), events, format, mode and whether it is active (a receiver answering 410 switches it off for good). Read-only. ${MODE_RULE}`,
  })
  @ApiOkResponse({ type: WebhookListResponse })
  async list(@CurrentPrincipal() principal: Principal): Promise<WebhookListResponse> {
    return { webhooks: (await this.listWebhooks.execute(principal)).map(endpointView) };
  }

  @Delete(':id')
  @HttpCode(204)
  @Access({ via: 'any', scope: 'intakes:write', role: 'owner' })
  @ApiOperation({
    summary: 'Delete a webhook endpoint and its delivery log.',
    description: `Nothing more is sent to it: its pending deliveries are dropped. 204 with no body. Sessions: the owner only. Audited. ${MODE_RULE}`,
  })
  @ApiNoContentResponse()
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Meta() meta: RequestMeta,
  ): Promise<void> {
    await this.deleteWebhook.execute({ principal, endpointId: id, meta });
  }
}
