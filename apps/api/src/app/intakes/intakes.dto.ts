import { ApiExtraModels, ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Language, LANGUAGES } from '@intake/domain-accounts';
import { type Mode, MODES } from '@intake/domain-kernel';
import {
  CHASE_SCHEDULES,
  ChaseSchedule,
  INTAKE_STATUSES,
  IntakeStatus,
  INTERVAL_UNITS,
  IntervalUnit,
} from '@intake/domain-intake';
import {
  EmailAddress,
  IsCalendarDate,
  IsIanaTimeZone,
  NOT_BLANK_PATTERN,
  OptionalBoolean,
  OptionalNullableBoolean,
  OptionalInt,
  OptionalNested,
  OptionalOneOf,
  Optional,
  OptionalText,
  PageQuery,
  RequiredText,
  satisfies,
  TIME_ZONE_FORMAT,
} from '../validation';
import { BrandingRequest, OptionalBranding } from '../accounts/branding.dto';

const INTAKE_BRANDING =
  'the intake’s own branding of its portal page and client e-mails, replacing the account’s default as a whole (a field left out is null); null or absent: the account’s default applies';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const NOT_BLANK = /\S/;
export const E164 = /^\+[1-9]\d{6,14}$/;
/** chase_at_time as the chase settings check it: 00:00 to 23:59. */
const HH_MM_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';

export const IsMaxReminders = () =>
  satisfies(
    'isMaxReminders',
    'must be a whole number from 1 to 1000, or "unlimited"',
    (v) => v === 'unlimited' || (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 1000),
  );

export class RecipientRequest {
  @EmailAddress({ example: 'assistant@client.example' })
  email!: string;

  @OptionalText({ example: 'Eva' }, { max: 200 })
  name?: string;
}

export class ClientRequest {
  @EmailAddress({ example: 'jan.novak@client.example' })
  email!: string;

  @RequiredText({ example: 'Jan Novák' }, { max: 200, notBlank: true })
  name!: string;

  @OptionalOneOf(LANGUAGES, { enum: LANGUAGES, description: 'default: the account default_language, then en' })
  language?: Language;

  @ApiPropertyOptional({ example: '+420601234567', description: 'E.164', pattern: E164.source })
  @Optional()
  @Matches(E164, { message: 'must be an E.164 phone number such as +420601234567' })
  phone?: string;

  @ApiPropertyOptional({ example: 'Europe/Prague', default: 'Europe/Prague', format: TIME_ZONE_FORMAT })
  @Optional()
  @IsIanaTimeZone()
  timezone?: string;

  @ApiPropertyOptional({ type: [RecipientRequest], maxItems: 4 })
  @Optional()
  @IsArray()
  @ArrayMaxSize(4)
  @ValidateNested({ each: true })
  @Type(() => RecipientRequest)
  also_notify?: RecipientRequest[];
}

export class EmailCopyRequest {
  @OptionalText({ example: 'Podklady pro nový web', maxLength: 200 }, { min: 1, max: 200 })
  subject?: string;

  @OptionalText({ example: 'Dobrý den, posíláme seznam podkladů…', maxLength: 2000 }, { min: 1, max: 2000 })
  intro?: string;
}

export class RetentionRequest {
  @ApiProperty({ enum: ['days', 'on_delivery'] })
  @IsIn(['days', 'on_delivery'])
  mode!: 'days' | 'on_delivery';

  @OptionalInt({ minimum: 1, maximum: 3650, default: 90, description: 'only with mode days' }, { min: 1, max: 3650 })
  days?: number;

  @OptionalBoolean({ default: false })
  anonymize?: boolean;
}

const ITEM_EXAMPLE = [
  { key: 'logo', type: 'image', label: 'Logo', constraints: { formats: ['png', 'svg'], min_width: 1000 } },
  { key: 'about', type: 'longtext', label: 'About us', constraints: { max_chars: 2000 } },
];

/** How the service chases the client; on create each has its default, on PATCH an absent one is kept. */
export class ChaseSettingsRequest {
  @OptionalOneOf(CHASE_SCHEDULES, { enum: CHASE_SCHEDULES })
  chase_schedule?: ChaseSchedule;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'only with chase_schedule custom; default 3 days' })
  @Optional()
  @IsInt()
  @Min(1)
  chase_interval?: number;

  @OptionalOneOf(INTERVAL_UNITS, { enum: INTERVAL_UNITS })
  chase_interval_unit?: IntervalUnit;

  @OptionalBoolean()
  respect_quiet_hours?: boolean;

  @ApiPropertyOptional({
    oneOf: [
      { type: 'integer', minimum: 1, maximum: 1000 },
      { type: 'string', enum: ['unlimited'] },
    ],
  })
  @Optional()
  @IsMaxReminders()
  max_reminders?: number | 'unlimited';
}

const SEND_THANK_YOU =
  'thank the client (and the additional recipients not bounced) by e-mail, in their language, when this live intake completes; null follows the account’s send_thank_you (default true); held by quiet hours like a reminder; never for a test intake';

@ApiExtraModels(BrandingRequest)
export class CreateIntakeRequest extends ChaseSettingsRequest {
  @RequiredText({ example: 'New website' }, { min: 1, max: 200, trim: true })
  project_name!: string;

  @ApiProperty({ type: ClientRequest })
  @IsObject()
  @ValidateNested()
  @Type(() => ClientRequest)
  client!: ClientRequest;

  @OptionalNested(() => EmailCopyRequest, { type: EmailCopyRequest })
  email_copy?: EmailCopyRequest;

  @OptionalBranding({ description: INTAKE_BRANDING })
  branding?: BrandingRequest | null;

  @ApiPropertyOptional({
    type: String,
    maxLength: 5000,
    nullable: true,
    description: 'trimmed; empty is stored as null',
  })
  @Optional({ nullable: true })
  @Transform(trim)
  @IsString()
  @MaxLength(5000)
  client_brief?: string | null;

  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    minItems: 1,
    maxItems: 200,
    example: ITEM_EXAMPLE,
    description: 'item definitions (see the Item resource)',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  items!: unknown[];

  @OptionalText({ example: 'website-basics', description: 'slug of a saved template' }, { min: 1, max: 100 })
  template?: string;

  /* The chase settings' defaults apply when an intake is created (on PATCH an absent field keeps its value). */
  @ApiPropertyOptional({ default: 'default' }) override chase_schedule?: ChaseSchedule;
  @ApiPropertyOptional({ default: 'days' }) override chase_interval_unit?: IntervalUnit;
  @ApiPropertyOptional({ default: true }) override respect_quiet_hours?: boolean;
  @ApiPropertyOptional({ default: 3 }) override max_reminders?: number | 'unlimited';

  @ApiPropertyOptional({
    example: '09:00',
    pattern: HH_MM_PATTERN,
    description: 'HH:MM client local time; custom whole-day intervals only',
  })
  @Optional()
  @IsString()
  chase_at_time?: string;

  @ApiPropertyOptional({ example: '2027-03-31', format: 'date' })
  @Optional()
  @IsCalendarDate()
  due_date?: string;

  @OptionalBoolean({ default: true, description: 'false creates a draft' })
  send?: boolean;

  @OptionalNested(() => RetentionRequest, { type: RetentionRequest })
  retention?: RetentionRequest;

  @OptionalText({ example: 'fld_3x1Zq0Wm9c2Lk5Np7Rt8Vw' }, { max: 100 })
  folder_id?: string;

  @OptionalNullableBoolean({ default: null, description: SEND_THANK_YOU })
  send_thank_you?: boolean | null;

  @OptionalText(
    {
      example: 'clk_Qm4xT8vN2bR6kW0pZ3yH7c',
      description:
        'test keys only: a test clock of the account (POST /v1/test_clocks). The intake lives on the clock’s time: created at its frozen_time, its chasing, stall, overdue notice and retention happen as the clock advances. 400 validation_error for a clock that is not the account’s or any other caller; 422 test_clock_full when the clock holds 100 intakes',
    },
    { max: 100 },
  )
  test_clock?: string;
}

export class ListIntakesQuery extends PageQuery {
  @OptionalOneOf(INTAKE_STATUSES, { enum: INTAKE_STATUSES })
  status?: IntakeStatus;

  @OptionalOneOf(MODES, {
    enum: MODES,
    description:
      'only live or only test intakes (a dashboard session sees both modes); an API key sees only its own mode, so asking for the other one lists nothing',
  })
  mode?: Mode;

  @OptionalText({ example: 'jan.novak@client.example' }, { min: 1, max: 254 })
  client_email?: string;

  @OptionalText({ description: 'a folder id, or none for Unfiled' }, { min: 1, max: 100 })
  folder_id?: string;

  @OptionalText(
    {
      minLength: 1,
      maxLength: 100,
      description: 'case-insensitive substring of project name, client name or e-mail',
    },
    { min: 1, max: 100 },
  )
  q?: string;
}

/** Defaults a template gives the intakes created from it: the same fields and rules as on an intake. */
export class TemplateSettingsRequest extends PickType(CreateIntakeRequest, [
  'chase_schedule',
  'chase_interval',
  'chase_interval_unit',
  'chase_at_time',
  'respect_quiet_hours',
  'max_reminders',
  'client_brief',
  'email_copy',
  'retention',
] as const) {}

export class TemplateRequest {
  @RequiredText({ example: 'Website basics' }, { min: 1, max: 100, trim: true })
  name!: string;

  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    minItems: 1,
    maxItems: 200,
    example: ITEM_EXAMPLE,
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  items!: unknown[];

  @OptionalNested(() => TemplateSettingsRequest, {
    type: TemplateSettingsRequest,
    description: 'defaults for intakes created from the template',
  })
  settings?: TemplateSettingsRequest;
}

export class ClientPatchRequest {
  @ApiPropertyOptional({
    readOnly: true,
    description: 'cannot be changed here: the portal link is bound to it (422)',
  })
  @Optional()
  @satisfies('immutable', 'cannot be changed: the portal link is bound to it', () => false)
  email?: string;

  @ApiPropertyOptional({ example: 'Jan Novák', maxLength: 200, pattern: NOT_BLANK_PATTERN })
  @Optional()
  @IsString()
  @Matches(NOT_BLANK, { message: 'must not be blank' })
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ type: String, nullable: true, pattern: E164.source, example: '+420601234567' })
  @Optional({ nullable: true })
  @Matches(E164, { message: 'must be an E.164 phone number such as +420601234567' })
  phone?: string | null;

  @OptionalOneOf(LANGUAGES, { enum: LANGUAGES })
  language?: Language;

  @ApiPropertyOptional({ example: 'Europe/Prague', format: TIME_ZONE_FORMAT })
  @Optional()
  @IsIanaTimeZone()
  timezone?: string;
}

/** PATCH /v1/intakes/:id: every field optional, at least one; null clears the nullable ones. */
@ApiExtraModels(BrandingRequest)
export class PatchIntakeRequest extends ChaseSettingsRequest {
  @OptionalText({ example: 'New website (phase 2)' }, { min: 1, max: 200, trim: true })
  project_name?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 5000 })
  @Optional({ nullable: true })
  @IsString()
  @MaxLength(5000)
  owner_note?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 5000,
    description: 'trimmed; empty is stored as null',
  })
  @Optional({ nullable: true })
  @Transform(trim)
  @IsString()
  @MaxLength(5000)
  client_brief?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'date', example: '2027-03-31' })
  @Optional({ nullable: true })
  @IsCalendarDate()
  due_date?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, pattern: HH_MM_PATTERN, example: '09:00' })
  @Optional({ nullable: true })
  @IsString()
  chase_at_time?: string | null;

  @OptionalNested(() => ClientPatchRequest, { type: ClientPatchRequest })
  client?: ClientPatchRequest;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 100,
    description: 'null moves the intake to Unfiled',
  })
  @Optional({ nullable: true })
  @IsString()
  @MaxLength(100)
  folder_id?: string | null;

  @OptionalNullableBoolean({ description: `${SEND_THANK_YOU}; switching it off withdraws a thank-you still waiting` })
  send_thank_you?: boolean | null;
  @OptionalBranding({ description: INTAKE_BRANDING })
  branding?: BrandingRequest | null;
}

export class AddRecipientRequest extends RecipientRequest {}

export class ClientsQuery extends PageQuery {
  @OptionalText(
    { minLength: 1, maxLength: 100, description: 'case-insensitive substring of name or e-mail' },
    { min: 1, max: 100 },
  )
  q?: string;
}
