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
    summary: 'Create an intake and (unless send is false) e-mail the client the invitation.',
    description:
      'The first call of every collection: a project name, the client (e-mail, name, optional language, time zone, phone, also_notify), the items to collect (or a template slug, merged with items by key), the chase schedule, due date and retention. With send true (default) the intake is sent at once: the invitation with the portal link goes to the client and every also_notify address (a live key’s; a test key’s is recorded as a skipped chase and nobody is contacted) and reminders follow the schedule; with send false it stays a draft until POST /v1/intakes/{id}/send. The answer has portal_url and follow_up (recommended: webhook when an active endpoint covers the intake’s events, else a polling schedule). Counts towards the plan’s monthly intakes (402 quota_exceeded reason intakes) and, when sent, towards 30 invitations per account per hour (429 reason intake_invites, shared with POST …/send). Idempotent with an Idempotency-Key header: a repeat within 24 hours returns the original with 200 instead of a second intake; the same key with a different body is 409 reason idempotency_key_reused. Always send one when you may retry. Audited.',
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
