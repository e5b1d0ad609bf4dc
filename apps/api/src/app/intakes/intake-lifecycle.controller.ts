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
    summary: 'An intake’s progress for polling: status, items and chases.',
    description:
      'The light view for pollers: status, due date, when the client last opened the portal, progress (percent is 100 exactly when the intake completes), each item’s status and the chases (the next scheduled one is when the next reminder goes out). No values, files or signed URLs: collect those with GET /v1/intakes/{id}/results. Poll no more often than the plan’s recommended interval (GET /pricing.json), or register a webhook instead. Read-only.',
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
    summary: 'Send a draft: e-mail the client the invitation and start chasing.',
    description:
      'Turns a draft (created with send false) into a sent intake: the invitation with the portal link goes to the client and every also_notify address (recorded as a skipped chase for a test intake) and the reminders are planned from now. 409 reason not_draft unless the intake is a draft. Counts towards 30 invitations per account per hour (429 reason intake_invites, shared with POST /v1/intakes). Audited.',
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
    summary: 'Archive an intake: stop all chasing and close it to changes.',
    description:
      'Ends the collection without deleting anything: cancels every scheduled reminder, fires the intake.archived webhook, and from then on edits, item changes, waivers and manual chases answer 409 intake_archived; the portal stays readable but refuses submissions. There is no unarchive. Use it when the work is done or abandoned; DELETE /v1/intakes/{id} removes everything instead. 409 reason intake_archived if it already is. Answers the intake object, not the detail bundle. Audited.',
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
