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
    summary:
      'Chase the client now (chase kind manual), by e-mail (default) or SMS; sent within seconds by the scheduler, recorded skipped in test mode. ' +
      '1 per intake and 20 per account per clock hour, whatever the channel (429 with Retry-After). ' +
      'Does not count toward max_reminders. 409 for an archived, draft or completed intake.',
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
