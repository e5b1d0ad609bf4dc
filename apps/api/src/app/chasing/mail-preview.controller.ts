import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PreviewInvitation } from '@intake/application-chasing';
import { type Principal } from '@intake/domain-accounts';
import { Access, CurrentPrincipal } from '../accounts/access';
import { MailPreviewQuery, MailPreviewResponse } from './chasing.dto';

/** What a client would see of an invitation before opening it. */
@ApiTags('intakes')
@Controller('v1/intakes')
export class MailPreviewController {
  constructor(private readonly previewInvitation: PreviewInvitation) {}

  @Get('preview')
  @Access({ via: 'session' })
  @ApiOperation({
    summary: 'Preview the invitation e-mail’s sender and subject (dashboard).',
    description:
      'What a client would see for an invitation with the account’s current settings: From name, subject, sender name and whether it falls back to the account name, for a language and project name. Dashboard sessions only. Sends nothing.',
  })
  @ApiOkResponse({ type: MailPreviewResponse })
  preview(@CurrentPrincipal() principal: Principal, @Query() query: MailPreviewQuery): Promise<MailPreviewResponse> {
    return this.previewInvitation.execute({
      accountId: principal.accountId,
      language: query.language,
      project_name: query.project_name,
    });
  }
}
