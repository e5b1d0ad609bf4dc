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
    summary: 'Intakes, newest first; filters combine. API keys see only their mode (test keys: their own intakes).',
  })
  @ApiOkResponse({ type: IntakeListResponse })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListIntakesQuery): Promise<IntakeListResponse> {
    const limit = query.limit ?? 20;
    const offset = query.offset ?? 0;
    const { rows, total } = await this.listIntakes.execute({
      access: accessOf(principal),
      filter: { status: query.status, clientEmail: query.client_email, folderId: query.folder_id, q: query.q },
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
  @ApiOperation({ summary: 'The detail bundle: {intake, items, progress, owner_tasks}. No signed URL is minted.' })
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
    summary:
      'Change settings: at least one field (else 400); null clears owner_note, client_brief, due_date, chase_at_time; client.email cannot change. On a sent, in-progress or stalled intake a schedule change re-plans the reminders.',
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
  @ApiOperation({ summary: 'Delete the intake and its files permanently. No webhook event exists for it.' })
  @ApiNoContentResponse()
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Meta() meta: RequestMeta,
  ): Promise<void> {
    await this.deleteIntake.execute({ principal, intakeId: id, meta });
  }
}
