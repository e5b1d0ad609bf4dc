import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';

import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsIn,
  IsNotEmpty,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import {
  LANGUAGES,
  Language,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  Role,
  Scope,
  SCOPES,
} from '@intake/domain-accounts';
import { type Actor, Mode, MODES } from '@intake/domain-kernel';
import {
  Optional,
  OptionalBoolean,
  EmailAddress,
  IsIanaTimeZone,
  NOT_BLANK_PATTERN,
  OptionalOneOf,
  OptionalText,
  PageQuery,
  RequiredText,
  TIME_ZONE_FORMAT,
} from '../validation';
import { BrandingProperty, BrandingRequest, BrandingView, OptionalBranding } from './branding.dto';

const NOT_BLANK = /\S/;

/** The account's owner-notification switches, as the document describes them. */
const NOTIFY = {
  completed: 'e-mail the owner when an intake completes (default true)',
  stalled: 'e-mail the owner when an intake stalls after its last reminder (default true)',
  overdue:
    'e-mail the owner when an intake’s due date has passed with required items outstanding (default true); the intake.overdue webhook event fires regardless',
  bounced: 'e-mail the owner when a client’s address bounces or complains (default true)',
  members: 'send the notifications the owner gets to every team member as well (default false)',
} as const;
const SEND_THANK_YOU =
  'thank the client (and the additional recipients) by e-mail, in their language, when a live intake completes (default true); an intake’s own send_thank_you overrides it';

/** What the account's branding is, as the document describes it. */
const BRANDING_DEFAULT =
  'the default branding of the portal page and the client’s e-mails, for every intake without its own (an intake’s own replaces it as a whole); null: our plain look. On PATCH the object replaces the stored one, a field left out is null';

export class SignUpRequest {
  @EmailAddress({ example: 'jana@studio.example' })
  email!: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, example: 'correct horse battery' })
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH)
  @MaxLength(PASSWORD_MAX_LENGTH)
  password!: string;

  @RequiredText({ example: 'Jana Nováková' }, { max: 120, notBlank: true })
  name!: string;

  @RequiredText({ example: 'Studio Nováková' }, { max: 120, notBlank: true })
  account_name!: string;
}

export class LogInRequest {
  @ApiProperty({ example: 'jana@studio.example', minLength: 1, maxLength: 254 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(254)
  email!: string;

  @ApiProperty({ example: 'correct horse battery', minLength: 1, maxLength: PASSWORD_MAX_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(PASSWORD_MAX_LENGTH)
  password!: string;
}

export class AcceptInvitationRequest {
  @ApiProperty({ description: 'the token from the invitation link', minLength: 1, maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token!: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH)
  @MaxLength(PASSWORD_MAX_LENGTH)
  password!: string;

  @RequiredText({ example: 'Petr Svoboda' }, { max: 120, notBlank: true })
  name!: string;
}

export class InviteRequest {
  @EmailAddress({ example: 'petr@studio.example' })
  email!: string;

  @RequiredText({ example: 'Petr Svoboda' }, { max: 120, notBlank: true })
  name!: string;
}

export class CreateKeyRequest {
  @RequiredText({ example: 'Zapier agent' }, { max: 100, notBlank: true })
  name!: string;

  @OptionalOneOf(MODES, { enum: MODES, default: 'live' })
  mode?: Mode;

  @ApiProperty({
    enum: SCOPES,
    isArray: true,
    minItems: 1,
    maxItems: SCOPES.length,
    uniqueItems: true,
    example: ['intakes:read', 'intakes:write'],
  })
  @ArrayMinSize(1)
  @ArrayMaxSize(SCOPES.length)
  @ArrayUnique()
  @IsIn(SCOPES, { each: true })
  scopes!: Scope[];
}

@ApiExtraModels(BrandingRequest)
export class UpdateAccountRequest {
  @ApiPropertyOptional({ example: 'Studio Nováková', maxLength: 120, pattern: NOT_BLANK_PATTERN })
  @Optional()
  @IsString()
  @Matches(NOT_BLANK, { message: 'must not be blank' })
  @MaxLength(120)
  name?: string;

  @OptionalOneOf(LANGUAGES, { enum: LANGUAGES })
  default_language?: Language;

  @ApiPropertyOptional({ example: 'Europe/Prague', format: TIME_ZONE_FORMAT })
  @Optional()
  @IsIanaTimeZone()
  default_timezone?: string;

  @ApiPropertyOptional({
    type: String,
    example: 'Jana from Studio Nováková',
    maxLength: 120,
    pattern: NOT_BLANK_PATTERN,
    nullable: true,
    description: 'null clears it',
  })
  @Optional({ nullable: true })
  @IsString()
  @Matches(NOT_BLANK, { message: 'must not be blank' })
  @MaxLength(120)
  sender_name?: string | null;

  @OptionalBoolean({ description: NOTIFY.completed })
  notify_on_completed?: boolean;

  @OptionalBoolean({ description: NOTIFY.stalled })
  notify_on_stalled?: boolean;

  @OptionalBoolean({ description: NOTIFY.overdue })
  notify_on_overdue?: boolean;

  @OptionalBoolean({ description: NOTIFY.bounced })
  notify_on_bounced?: boolean;

  @OptionalBoolean({ description: NOTIFY.members })
  notify_members?: boolean;

  @OptionalBoolean({ description: SEND_THANK_YOU })
  send_thank_you?: boolean;
  @OptionalBranding({ description: BRANDING_DEFAULT })
  branding?: BrandingRequest | null;
}

export class AuditQuery extends PageQuery {
  @OptionalText({ example: 'api_key.created' }, { max: 100 })
  action?: string;

  @OptionalText({ description: 'a user id (usr_…) or API key id (key_…)' }, { max: 100 })
  actor?: string;

  @OptionalText({ description: 'the id the action was about' }, { max: 100 })
  target?: string;
}

// ---- responses ----

export class UserView {
  @ApiProperty({ example: 'usr_8m1rZ0xkqk4oN2mU9fJw3A' }) id!: string;
  @ApiProperty() email!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['owner', 'member'] }) role!: Role;
  @ApiProperty() created_at!: string;
}

@ApiExtraModels(BrandingView)
export class AccountView {
  @ApiProperty({ example: 'acc_Jx9cVqk2yW0bq0m4Fh7R1g' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['free', 'solo', 'studio', 'agency'] }) plan!: string;
  @ApiProperty({ enum: LANGUAGES }) default_language!: Language;
  @ApiProperty({ example: 'Europe/Prague' }) default_timezone!: string;
  @ApiProperty({ type: String, nullable: true }) sender_name!: string | null;
  @ApiProperty({ description: NOTIFY.completed }) notify_on_completed!: boolean;
  @ApiProperty({ description: NOTIFY.stalled }) notify_on_stalled!: boolean;
  @ApiProperty({ description: NOTIFY.overdue }) notify_on_overdue!: boolean;
  @ApiProperty({ description: NOTIFY.bounced }) notify_on_bounced!: boolean;
  @ApiProperty({ description: NOTIFY.members }) notify_members!: boolean;
  @ApiProperty({ description: SEND_THANK_YOU }) send_thank_you!: boolean;
  @BrandingProperty({ description: BRANDING_DEFAULT }) branding!: BrandingView | null;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class UserAndAccount {
  @ApiProperty({ type: UserView }) user!: UserView;
  @ApiProperty({ type: AccountView }) account!: AccountView;
}

export class MeResponse extends UserAndAccount {
  @ApiProperty({ enum: ['owner', 'member'] }) role!: Role;
}

export class ApiKeyView {
  @ApiProperty({ example: 'key_2Jv0Qw8sXk1mPq3rT5uV7w' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: MODES }) mode!: Mode;
  @ApiProperty({ enum: SCOPES, isArray: true }) scopes!: Scope[];
  @ApiProperty({ example: 'svc_live_' }) prefix!: string;
  @ApiProperty({ example: 'x9Qa' }) last4!: string;
  @ApiProperty() created_at!: string;
  @ApiProperty({ type: String, nullable: true }) last_used_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) revoked_at!: string | null;
}

export class CreatedApiKey extends ApiKeyView {
  @ApiProperty({ description: 'the full key; shown only in this response', example: 'svc_live_…' })
  key!: string;
}

export class ApiKeyList {
  @ApiProperty({ type: [ApiKeyView] }) keys!: ApiKeyView[];
}

export class InvitationView {
  @ApiProperty() id!: string;
  @ApiProperty() email!: string;
  @ApiProperty() name!: string;
  @ApiProperty() created_at!: string;
  @ApiProperty() expires_at!: string;
}

export class InvitationCreated {
  @ApiProperty({ type: InvitationView }) invitation!: InvitationView;
  @ApiProperty({ description: 'false when the mail transport refused the message; invite again later' })
  email_sent!: boolean;
}

export class MemberList {
  @ApiProperty({ type: [UserView] }) members!: UserView[];
}

export class PlanFeatures {
  @ApiProperty({ example: true, description: 'request_revision on items' }) revisions!: boolean;
  @ApiProperty({ example: true, description: 'SMS reminders' }) sms!: boolean;
}

export class PlanQuotas {
  @ApiProperty({ example: 100 }) intakes_per_month!: number;
  @ApiProperty({ example: 26843545600 }) storage_bytes!: number;
  @ApiProperty({ example: 100 }) sms_per_month!: number;
}

export class PlanView {
  @ApiProperty({ enum: ['free', 'solo', 'studio', 'agency'] }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 600 }) requests_per_hour!: number;
  @ApiProperty({ example: 30 }) recommended_poll_interval_seconds!: number;
  @ApiProperty({ type: PlanFeatures }) features!: PlanFeatures;
  @ApiProperty({ type: PlanQuotas }) quotas!: PlanQuotas;
}

/** The API key making a request, as far as it may know itself (what it may do, not its secret). */
export class CallingKeyView {
  @ApiProperty({ example: 'key_2Jv0Qw8sXk1mPq3rT5uV7w' }) id!: string;
  @ApiProperty({ enum: MODES }) mode!: Mode;
  @ApiProperty({ enum: SCOPES, isArray: true }) scopes!: Scope[];
}

@ApiExtraModels(CallingKeyView)
export class AccountResponse {
  @ApiProperty({ type: AccountView }) account!: AccountView;
  @ApiProperty({ type: PlanView, description: 'the current tier' }) plan!: PlanView;
  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(CallingKeyView) }, { type: 'null' }],
    description:
      'the API key making the request (its mode and scopes, so a program such as the MCP server can tell what it may do); null for a dashboard session',
  })
  api_key!: CallingKeyView | null;
}

export class AccountOnly {
  @ApiProperty({ type: AccountView }) account!: AccountView;
}

class UsedOfLimit {
  @ApiProperty() used!: number;
  @ApiProperty() limit!: number;
}

class SmsCreditsUsage {
  @ApiProperty({ example: 500, description: 'bought SMS credits left (kept across months)' }) balance!: number;
  @ApiProperty({ example: 12, description: 'SMS this period paid by bought credits (after the monthly allowance)' })
  used_this_period!: number;
}

export class UsageResponse {
  @ApiProperty({ example: '2026-11' }) period!: string;
  @ApiProperty({ type: UsedOfLimit }) intakes!: UsedOfLimit;
  @ApiProperty({ type: UsedOfLimit }) storage_bytes!: UsedOfLimit;
  @ApiProperty({ type: UsedOfLimit, description: 'SMS paid by the plan’s monthly allowance' })
  sms_messages!: UsedOfLimit;
  @ApiProperty({ type: SmsCreditsUsage }) sms_credits!: SmsCreditsUsage;
}

export class AuditActorView {
  @ApiProperty({ enum: ['user', 'api_key', 'client', 'system'], example: 'api_key' }) type!: Actor['type'];
  @ApiProperty({ type: String, nullable: true, example: 'key_…', description: 'null for the client and the system' })
  id!: string | null;
  @ApiProperty({ enum: MODES, nullable: true, example: 'live' }) mode!: Mode | null;
}

export class AuditEntryView {
  @ApiProperty() id!: string;
  @ApiProperty() at!: string;
  @ApiProperty({ type: AuditActorView }) actor!: AuditActorView;
  @ApiProperty({ example: 'api_key.created' }) action!: string;
  @ApiProperty({ type: String, nullable: true }) target_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) ip!: string | null;
  @ApiProperty({ type: String, nullable: true }) request_id!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'what changed; never a secret value' })
  summary!: Record<string, unknown>;
}

export class AuditPage {
  @ApiProperty({ type: [AuditEntryView] }) entries!: AuditEntryView[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

class MonthlyPrice {
  @ApiProperty({ example: 19, description: 'per month, in the currency (0 for Free)' }) amount!: number;
  @ApiProperty({ example: 'eur', description: 'ISO 4217, lower case' }) currency!: string;
}

export class PricedPlanView extends PlanView {
  @ApiProperty({ type: MonthlyPrice }) monthly_price!: MonthlyPrice;
}

export class PricingResponse {
  @ApiProperty({ type: [PricedPlanView] }) plans!: PricedPlanView[];
  @ApiProperty({
    type: [Number],
    example: [100, 500, 1000],
    description: 'SMS credit packs on sale (POST /v1/billing/checkout with sms_credits), on plans with SMS',
  })
  sms_credit_packs!: number[];
}
