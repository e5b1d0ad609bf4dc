import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RevealSecret } from '@intake/application-results';
import { type Principal } from '@intake/domain-accounts';
import { ApiErrors } from '@intake/http';
import { type RequestMeta } from '@intake/kernel';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { RevealResponse } from './results.dto';

/** The one-time reveal of a secret item's answer. */
@ApiTags('results')
@Controller('v1/intakes/:id')
export class SecretsController {
  constructor(private readonly revealSecret: RevealSecret) {}

  @Post('items/:key/reveal')
  @HttpCode(200)
  @Access({ via: 'session', role: 'owner', roleReason: 'secrets_owner_only' })
  @ApiOperation({
    summary: 'Reveal a secret item’s answer once, in the dashboard (owner only).',
    description:
      'The first call answers the value with first_reveal and expires_at and wipes it from the service; later calls answer 200 already_revealed with revealed_at. The account owner’s session only (members: 403 secrets_owner_only; API keys read secrets through GET /v1/intakes/{id}/results with secrets:read). 410 gone when it was not revealed within 30 days of its submission (purged); 409 secret_not_submitted before the client sent it; 400 not_secret_item for another item type. Audited.',
  })
  @ApiOkResponse({ type: RevealResponse })
  @ApiErrors(
    { error: 'not_found', reason: 'item_not_found' },
    { error: 'invalid_request', reason: 'not_secret_item' },
    { error: 'conflict', reason: 'secret_not_submitted' },
    { error: 'gone' },
  )
  async reveal(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Meta() meta: RequestMeta,
  ): Promise<RevealResponse> {
    const answer = await this.revealSecret.execute({ principal, intakeId: id, key, meta });
    return 'first_reveal' in answer
      ? { ...answer, expires_at: answer.expires_at.toISOString() }
      : { ...answer, revealed_at: answer.revealed_at.toISOString() };
  }
}
