import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RecordManualChase } from '@intake/application-chasing';
import { type Principal } from '@intake/domain-accounts';
import { ApiErrors } from '@intake/http';
import { type RequestMeta } from '@intake/kernel';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { INTAKE_CHANGE } from '../error-cases';
import { ChaseView } from '../intakes/intake-responses.dto';
import { chaseView } from '../intakes/intake-views';
import { ManualChaseRequest } from './chasing.dto';

/** The owner chases the client now, by e-mail or SMS. */
@ApiTags('intakes')
@Controller('v1/intakes')
export class ManualChaseController {
  constructor(private readonly recordManualChase: RecordManualChase) {}

  @Post(':id/chase')
  @HttpCode(201)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Chase the client now, by e-mail (default) or SMS.',
    description:
      'Sends one extra reminder at once (chase kind manual) to the client and every address not retired by a bounce; the scheduler sends it within seconds (recorded skipped for a test intake). Use it when the automatic reminders are not enough; it does not count toward max_reminders and does not resume a stalled intake. Limited to 1 per intake and 20 per account per clock hour, whatever the channel (429 manual_chase_intake or manual_chase_account, with Retry-After). SMS needs the client’s phone, a plan with SMS (402 plan_required) and an SMS credit, which it uses (402 quota_exceeded reason sms_credits). 409 for an archived intake, a draft (not_sent), a completed intake (intake_completed) or when every address has bounced (recipients_bounced; reinstate one first). Audited.',
  })
  @ApiCreatedResponse({ type: ChaseView, description: 'the chase record, as in the status endpoint’s chases[]' })
  @ApiErrors(
    ...INTAKE_CHANGE,
    { error: 'conflict', reason: 'not_sent' },
    { error: 'conflict', reason: 'intake_completed' },
    { error: 'conflict', reason: 'recipients_bounced' },
    { error: 'plan_required', reason: 'sms' },
    { error: 'quota_exceeded', reason: 'sms_credits' },
    { error: 'rate_limited', reason: 'manual_chase_intake' },
    { error: 'rate_limited', reason: 'manual_chase_account' },
    { error: 'service_unavailable', reason: 'sms_not_configured' },
  )
  async chase(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: ManualChaseRequest,
    @Meta() meta: RequestMeta,
  ): Promise<ChaseView> {
    return chaseView(await this.recordManualChase.execute({ principal, intakeId: id, channel: body.channel, meta }));
  }
}
