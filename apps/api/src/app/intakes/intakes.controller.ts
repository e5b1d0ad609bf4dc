import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@intake/http';
import { INTAKE_CHANGE } from '../error-cases';
import { DeleteIntake, GetIntake, ListIntakes, PortalLinks, UpdateIntake } from '@intake/application-intakes';
import { ownerTasksOf, progressOf } from '@intake/domain-intake';
import { RequestMeta } from '@intake/kernel';
import { accessOf, Principal } from '@intake/domain-accounts';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { ListIntakesQuery, PatchIntakeRequest } from './intakes.dto';
import { IntakeDetailResponse, IntakeListResponse, IntakeResponse } from './intake-responses.dto';
import { intakeView, itemView, listItemView } from './intake-views';

@ApiTags('intakes')
@Controller('v1/intakes')
export class IntakesController {
  constructor(
    private readonly listIntakes: ListIntakes,
    private readonly getIntake: GetIntake,
    private readonly updateIntake: UpdateIntake,
    private readonly deleteIntake: DeleteIntake,
    private readonly links: PortalLinks,
  ) {}

  @Get()
  @Access({ via: 'any', scope: 'intakes:read' })
  @ApiOperation({
    summary: 'List intakes, newest first, with filters.',
    description:
      'Filter by status, mode (live or test), client_email, folder_id (or none for Unfiled) and q (case-insensitive text over project name, client name and e-mail); filters combine; page with limit (default 20, max 100) and offset. Each row has the id, status, mode, client, portal_url, created_at and progress. Use it to find an intake; for one intake’s items use GET /v1/intakes/{id}, for polling progress GET /v1/intakes/{id}/status. API keys see only their mode (test keys: the intakes they created), so a key asking for the other mode gets an empty list. Read-only.',
  })
  @ApiOkResponse({ type: IntakeListResponse })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListIntakesQuery): Promise<IntakeListResponse> {
    const limit = query.limit ?? 20;
    const offset = query.offset ?? 0;
    const { rows, total } = await this.listIntakes.execute({
      access: accessOf(principal),
      filter: {
        status: query.status,
        clientEmail: query.client_email,
        folderId: query.folder_id,
        q: query.q,
        mode: query.mode,
      },
      limit,
      offset,
    });
    return {
      intakes: rows.map((row) => listItemView(row, this.links.of(row.intake), progressOf(row.items))),
      total,
      limit,
      offset,
    };
  }

  @Get(':id')
  @Access({ via: 'any', scope: 'intakes:read' })
  @ApiOperation({
    summary: 'One intake in full: settings, items, progress and owner tasks.',
    description:
      'The detail bundle {intake, items, progress, owner_tasks}: every setting (client, schedule, due date, retention, notes, brief files) and every item with its definition, status, value, files (metadata only), waiver and decision. No signed URL is minted: get file links from GET /v1/intakes/{id}/results or the file endpoint. For frequent polling prefer the lighter GET /v1/intakes/{id}/status. Read-only.',
  })
  @ApiOkResponse({ type: IntakeDetailResponse })
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<IntakeDetailResponse> {
    const { intake, items, files } = await this.getIntake.execute({ access: accessOf(principal), intakeId: id });
    return {
      intake: intakeView(intake, this.links.of(intake), files),
      items: items.map((item) => itemView(item, files)),
      progress: progressOf(items),
      owner_tasks: ownerTasksOf(items),
    };
  }

  @Patch(':id')
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Change an intake’s settings.',
    description:
      'Project name, notes, client brief, due date, chase schedule, interval, time, max_reminders, quiet hours, folder, thank-you and branding, and the client’s name, phone, language and time zone (client.email cannot change: the portal link is bound to it). At least one field (else 400 no_fields); omitted fields are untouched; null clears owner_note, client_brief, due_date, chase_at_time. On a sent, in-progress or stalled intake a change of schedule, interval, time, max_reminders, quiet hours, time zone or due date cancels the still-scheduled reminders and plans them again (already-sent ones still count); raising max_reminders above the reminders sent resumes a stalled intake. Sends no e-mail itself. 409 intake_archived on an archived intake. Audited.',
  })
  @ApiOkResponse({ type: IntakeResponse, description: 'the intake object, not the detail bundle' })
  @ApiErrors(
    ...INTAKE_CHANGE,
    { error: 'invalid_request', reason: 'no_fields' },
    { error: 'invalid_request', reason: 'validation_error' },
  )
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: PatchIntakeRequest,
    @Meta() meta: RequestMeta,
  ): Promise<IntakeResponse> {
    const { intake, files } = await this.updateIntake.execute({ principal, intakeId: id, patch: body, meta });
    return { intake: intakeView(intake, this.links.of(intake), files) };
  }

  @Delete(':id')
  @HttpCode(204)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Delete an intake and its files permanently.',
    description:
      'Irreversible: the intake, its items, answers, chases and uploaded files are deleted at once and its portal link stops working. No webhook event is sent for it. To stop chasing but keep everything, use POST /v1/intakes/{id}/archive instead. 204 with no body; 404 once gone. Audited.',
  })
  @ApiNoContentResponse()
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Meta() meta: RequestMeta,
  ): Promise<void> {
    await this.deleteIntake.execute({ principal, intakeId: id, meta });
  }
}
