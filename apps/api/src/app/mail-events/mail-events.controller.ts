import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ReceiveMailEvents } from '@intake/application-chasing';
import { ApiErrors } from '@intake/http';
import { ProviderAccess } from '../accounts/access';
import { MailEventsResponse, SesNotificationRequest, SnsEnvelopeRequest } from './mail-events.dto';

@ApiTags('mail provider')
@Controller('v1/provider')
export class MailEventsController {
  constructor(private readonly receiveMailEvents: ReceiveMailEvents) {}

  @Post('mail-events')
  @HttpCode(200)
  @ProviderAccess()
  @ApiOperation({
    summary: 'The mail provider reports a bounce, a complaint or a delivery (Amazon SES notification shape).',
    description:
      'Applies the bounce rules to the chase that went out with `mail.messageId` (or the original `mail.commonHeaders.messageId`): a permanent bounce or a complaint retires the address, the third temporary bounce in a row without a delivery too, a bounce after confirmed delivery of that message never does; each bounce and complaint fires `chase.bounced`; when nobody is left the scheduled reminders are cancelled. The same report twice changes nothing. A message no chase went out with is acknowledged (200, `unknown_message`) and logged. The notification may come bare or in an Amazon SNS envelope (also as text/plain, as SNS posts it).',
  })
  @ApiConsumes('application/json', 'text/plain')
  @ApiExtraModels(SesNotificationRequest, SnsEnvelopeRequest)
  @ApiBody({
    schema: { oneOf: [{ $ref: getSchemaPath(SesNotificationRequest) }, { $ref: getSchemaPath(SnsEnvelopeRequest) }] },
  })
  @ApiOkResponse({ type: MailEventsResponse })
  @ApiErrors(
    { error: 'service_unavailable', reason: 'mail_events_disabled' },
    { error: 'conflict', reason: 'concurrent_change' },
  )
  receive(@Body() body: unknown): Promise<MailEventsResponse> {
    return this.receiveMailEvents.execute(body);
  }
}
