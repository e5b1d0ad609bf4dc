import { ApiProperty } from '@nestjs/swagger';
import { LANGUAGES } from '@intake/domain-accounts';
import { OptionalOneOf, OptionalText } from '../validation';

const CHANNELS = ['email', 'sms'] as const;

/** POST /v1/intakes/:id/chase */
export class ManualChaseRequest {
  @OptionalOneOf(CHANNELS, {
    enum: CHANNELS,
    default: 'email',
    description:
      'sms texts client.phone: needs the plan’s sms feature (402 plan_required) and an SMS credit (402 quota_exceeded reason sms_credits)',
  })
  channel?: (typeof CHANNELS)[number];
}

/** GET /v1/intakes/preview */
export class MailPreviewQuery {
  @OptionalText(
    {
      example: 'de',
      maxLength: 35,
      description: `one of ${LANGUAGES.join(', ')}; default (and for any other) the account default_language, then en`,
    },
    { max: 35, trim: true },
  )
  language?: string;

  @OptionalText(
    { example: 'New website', maxLength: 200, description: 'default: a placeholder project name in the language' },
    { max: 200, trim: true },
  )
  project_name?: string;
}

export class MailPreviewResponse {
  @ApiProperty({ enum: LANGUAGES, example: 'de', description: 'the language the invitation is written in' })
  language!: string;
  @ApiProperty({ example: 'Jana von Studio Nova', description: 'the display name of the From header' })
  from_name!: string;
  @ApiProperty({ example: 'Unterlagen für New website' }) subject!: string;
  @ApiProperty({ example: 'Jana', description: 'the account’s sender_name, or its name when it has none' })
  sender_name!: string;
  @ApiProperty({ example: false, description: 'true when the account has no sender_name and its name is used' })
  using_fallback_sender_name!: boolean;
}
