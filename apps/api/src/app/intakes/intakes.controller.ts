import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AccountService } from '@intake/application-accounts';
import { RequestMeta } from '@intake/kernel';
import { IntakeService, IntakeSettingsService } from '@intake/application-intakes';
import { accessOf, Principal } from '@intake/domain-accounts';
import { validationFailed } from '@intake/errors';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { CreateIntakeRequest, ListIntakesQuery, PatchIntakeRequest } from './intakes.dto';
import {
  CreateIntakeResponse,
  IntakeDetailResponse,
  IntakeListResponse,
  IntakeResponse,
  StatusResponse,
} from './intake-responses.dto';
import { chaseView, followUp, intakeView, itemView, listItemView } from './intake-views';

@ApiTags('intakes')
@Controller('v1/intakes')
export class IntakesController {
  constructor(
    private readonly intakes: IntakeService,
    private readonly accounts: AccountService,
    private readonly settings: IntakeSettingsService,
  ) {}

  @Post()
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary:
      'Create an intake and (unless send is false) send the invitation. With an Idempotency-Key a repeat within 24 hours returns the original with 200; the same key with a different body is 409 reason idempotency_key_reused.',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'up to 255 characters; a UUID is recommended' })
  @ApiCreatedResponse({ type: CreateIntakeResponse, description: 'the intake was created' })
  @ApiOkResponse({ type: CreateIntakeResponse, description: 'the original intake, for a repeated Idempotency-Key' })
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
    const { intake, items, replayed } = await this.intakes.create(principal, body, idempotencyKey, meta);
    if (replayed) void reply.status(200);
    const { plan } = await this.accounts.get(principal.accountId);
    return {
      intake_id: intake.id,
      portal_url: this.intakes.portalUrl(intake),
      status: intake.status,
      items: items.map((i) => ({ key: i.key, status: i.status })),
      follow_up: followUp(intake, plan, 0),
    };
  }

  @Get()
  @Access({ via: 'any', scope: 'intakes:read' })
  @ApiOperation({
    summary: 'Intakes, newest first; filters combine. API keys see only their mode (test keys: their own intakes).',
  })
  @ApiOkResponse({ type: IntakeListResponse })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListIntakesQuery): Promise<IntakeListResponse> {
    const limit = query.limit ?? 20;
    const offset = query.offset ?? 0;
    const { rows, total } = await this.intakes.list(
      accessOf(principal),
      { status: query.status, clientEmail: query.client_email, folderId: query.folder_id, q: query.q },
      limit,
      offset,
    );
    return {
      intakes: rows.map((row) =>
        listItemView(row, this.intakes.portalUrl(row.intake), this.intakes.progress(row.items)),
      ),
      total,
      limit,
      offset,
    };
  }

  @Get(':id')
  @Access({ via: 'any', scope: 'intakes:read' })
  @ApiOperation({ summary: 'The detail bundle: {intake, items, progress, owner_tasks}. No signed URL is minted.' })
  @ApiOkResponse({ type: IntakeDetailResponse })
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<IntakeDetailResponse> {
    const { intake, items, files } = await this.intakes.detail(accessOf(principal), id);
    return {
      intake: intakeView(intake, this.intakes.portalUrl(intake), files),
      items: items.map((item) => itemView(item, files)),
      progress: this.intakes.progress(items),
      owner_tasks: this.intakes.ownerTasks(items),
    };
  }

  @Get(':id/status')
  @Access({ via: 'any', scope: 'intakes:read' })
  @ApiOperation({
    summary:
      'Status for pollers: status, due date, last seen, progress, items, chases (the next scheduled one is the next reminder).',
  })
  @ApiOkResponse({ type: StatusResponse })
  async status(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<StatusResponse> {
    const { intake, items, chases, progress } = await this.intakes.status(accessOf(principal), id);
    return {
      status: intake.status,
      due_date: intake.due_date,
      client_last_seen: intake.client_last_seen ? new Date(intake.client_last_seen).toISOString() : null,
      progress,
      items: items.map((item) => {
        const view = itemView(item);
        return {
          key: view.key,
          status: view.status,
          submitted_at: view.submitted_at,
          label: view.label,
          assignee: view.assignee,
          required: view.required,
          ...('decision' in view ? { decision: view.decision } : {}),
        };
      }),
      chases: chases.map(chaseView),
    };
  }

  @Patch(':id')
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary:
      'Change settings: at least one field (else 400); null clears owner_note, client_brief, due_date, chase_at_time; client.email cannot change. On a sent, in-progress or stalled intake a schedule change re-plans the reminders.',
  })
  @ApiOkResponse({ type: IntakeResponse, description: 'the intake object, not the detail bundle' })
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: PatchIntakeRequest,
    @Meta() meta: RequestMeta,
  ): Promise<IntakeResponse> {
    const { intake, files } = await this.settings.update(principal, id, body, meta);
    return { intake: intakeView(intake, this.intakes.portalUrl(intake), files) };
  }

  @Post(':id/send')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary:
      'Send a draft (409 unless draft). Counts towards 30 invitations per account per hour (429 reason intake_invites).',
  })
  @ApiOkResponse({ type: IntakeResponse })
  async send(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Meta() meta: RequestMeta,
  ): Promise<IntakeResponse> {
    const { intake, files } = await this.intakes.send(principal, id, meta);
    return { intake: intakeView(intake, this.intakes.portalUrl(intake), files) };
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary:
      'Archive: cancels scheduled reminders, emits intake.archived; 409 reason intake_archived if it already is.',
  })
  @ApiOkResponse({ type: IntakeResponse, description: 'the intake object, not the detail bundle' })
  async archive(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Meta() meta: RequestMeta,
  ): Promise<IntakeResponse> {
    const { intake, files } = await this.intakes.archive(principal, id, meta);
    return { intake: intakeView(intake, this.intakes.portalUrl(intake), files) };
  }

  @Delete(':id')
  @HttpCode(204)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({ summary: 'Delete the intake and its files permanently. No webhook event exists for it.' })
  @ApiNoContentResponse()
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Meta() meta: RequestMeta,
  ): Promise<void> {
    await this.intakes.delete(principal, id, meta);
  }
}
