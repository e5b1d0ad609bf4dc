import { Body, Controller, Headers, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CreateIntake, PortalLinks } from '@intake/application-intakes';
import { GetWebhookCoverage } from '@intake/application-webhooks';
import { Principal } from '@intake/domain-accounts';
import { validationFailed } from '@intake/errors';
import { ApiErrors } from '@intake/http';
import { RequestMeta } from '@intake/kernel';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { CreateIntakeResponse } from './intake-responses.dto';
import { followUp } from './intake-views';
import { CreateIntakeRequest } from './intakes.dto';

/**
 * POST /v1/intakes: the intake, and `follow_up`, which asks the webhooks context whether the
 * account's active endpoints of the intake's mode cover its events (same tag as the other intake
 * operations, so its operation id stays `Intakes_create`).
 */
@ApiTags('intakes')
@Controller('v1/intakes')
export class IntakeCreationController {
  constructor(
    private readonly createIntake: CreateIntake,
    private readonly webhookCoverage: GetWebhookCoverage,
    private readonly links: PortalLinks,
  ) {}

  @Post()
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary:
      'Create an intake and (unless send is false) send the invitation. With an Idempotency-Key a repeat within 24 hours returns the original with 200; the same key with a different body is 409 reason idempotency_key_reused.',
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    schema: { type: 'string', minLength: 1, maxLength: 255 },
    description: 'up to 255 characters; a UUID is recommended',
  })
  @ApiCreatedResponse({ type: CreateIntakeResponse, description: 'the intake was created' })
  @ApiOkResponse({ type: CreateIntakeResponse, description: 'the original intake, for a repeated Idempotency-Key' })
  @ApiErrors(
    { error: 'invalid_request', reason: 'validation_error' },
    { error: 'conflict', reason: 'idempotency_key_reused' },
    { error: 'quota_exceeded', reason: 'intakes' },
    { error: 'rate_limited', reason: 'intake_invites' },
    { error: 'unprocessable', reason: 'test_clock_full' },
  )
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateIntakeRequest,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Meta() meta: RequestMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CreateIntakeResponse> {
    if (idempotencyKey !== undefined && (idempotencyKey.length < 1 || idempotencyKey.length > 255)) {
      throw validationFailed([{ path: 'Idempotency-Key', message: 'must be 1 to 255 characters' }]);
    }
    const { intake, items, replayed, plan } = await this.createIntake.execute({
      principal,
      body,
      idempotencyKey,
      meta,
    });
    if (replayed) void reply.status(200);
    const coverage = await this.webhookCoverage.execute(intake.account_id, intake.mode);
    return {
      intake_id: intake.id,
      portal_url: this.links.of(intake),
      status: intake.status,
      items: items.map((i) => ({ key: i.key, status: i.status })),
      follow_up: followUp(intake, plan, coverage),
    };
  }
}
