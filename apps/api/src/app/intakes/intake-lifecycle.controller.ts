import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@intake/http';
import { INTAKE_CHANGE } from '../error-cases';
import { ArchiveIntake, GetIntakeStatus, PortalLinks, SendIntake } from '@intake/application-intakes';
import { accessOf, type Principal } from '@intake/domain-accounts';
import { type RequestMeta } from '@intake/kernel';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { IntakeResponse, StatusResponse } from './intake-responses.dto';
import { chaseView, intakeView, itemView } from './intake-views';

/** An intake's progress for pollers, and the moves of its life: send a draft, archive. */
@ApiTags('intakes')
@Controller('v1/intakes')
export class IntakeLifecycleController {
  constructor(
    private readonly getIntakeStatus: GetIntakeStatus,
    private readonly sendIntake: SendIntake,
    private readonly archiveIntake: ArchiveIntake,
    private readonly links: PortalLinks,
  ) {}

  @Get(':id/status')
  @Access({ via: 'any', scope: 'intakes:read' })
  @ApiOperation({
    summary:
      'Status for pollers: status, due date, last seen, progress, items, chases (the next scheduled one is the next reminder).',
  })
  @ApiOkResponse({ type: StatusResponse })
  async status(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<StatusResponse> {
    const { intake, items, chases, progress } = await this.getIntakeStatus.execute({
      access: accessOf(principal),
      intakeId: id,
    });
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

  @Post(':id/send')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary:
      'Send a draft (409 unless draft). Counts towards 30 invitations per account per hour (429 reason intake_invites).',
  })
  @ApiOkResponse({ type: IntakeResponse })
  @ApiErrors(
    ...INTAKE_CHANGE,
    { error: 'conflict', reason: 'not_draft' },
    { error: 'rate_limited', reason: 'intake_invites' },
  )
  async send(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Meta() meta: RequestMeta,
  ): Promise<IntakeResponse> {
    const { intake, files } = await this.sendIntake.execute({ principal, intakeId: id, meta });
    return { intake: intakeView(intake, this.links.of(intake), files) };
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary:
      'Archive: cancels scheduled reminders, emits intake.archived; 409 reason intake_archived if it already is.',
  })
  @ApiOkResponse({ type: IntakeResponse, description: 'the intake object, not the detail bundle' })
  @ApiErrors(...INTAKE_CHANGE)
  async archive(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Meta() meta: RequestMeta,
  ): Promise<IntakeResponse> {
    const { intake, files } = await this.archiveIntake.execute({ principal, intakeId: id, meta });
    return { intake: intakeView(intake, this.links.of(intake), files) };
  }
}
