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
    summary: `Register an endpoint; the answer holds its signing secret, shown this once. 422 naming the field for an event outside the seven, a format other than raw, slack or discord, an unsafe URL, or a mode an API key may not give it; 409 webhook_limit past 20 endpoints per mode. ${MODE_RULE}`,
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
    summary: `The endpoints, oldest first, without their secrets; slack and discord URLs as their origin only. ${MODE_RULE}`,
  })
  @ApiOkResponse({ type: WebhookListResponse })
  async list(@CurrentPrincipal() principal: Principal): Promise<WebhookListResponse> {
    return { webhooks: (await this.listWebhooks.execute(principal)).map(endpointView) };
  }

  @Delete(':id')
  @HttpCode(204)
  @Access({ via: 'any', scope: 'intakes:write', role: 'owner' })
  @ApiOperation({
    summary: `Delete an endpoint with its delivery log; its pending deliveries are never sent. ${MODE_RULE}`,
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
