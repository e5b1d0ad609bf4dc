import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { Language, LANGUAGES } from '@intake/domain-accounts';
import { Mode, MODES } from '@intake/domain-kernel';
import {
  CHASE_SCHEDULES,
  ChaseSchedule,
  INTAKE_STATUSES,
  IntakeStatus,
  ITEM_STATUSES,
  ItemStatus,
} from '@intake/domain-intake';
import { Constraints, ITEM_TYPES, ItemType, Proposal, StructuredSchema } from '@intake/domain-items';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@intake/domain-webhooks';
import { BrandingProperty, BrandingView } from '../accounts/branding.dto';

/*
 * Response bodies of the intakes, items, recipients, clients and templates endpoints, for the
 * OpenAPI document. They mirror what intake-views.ts and the controllers build; the view
 * functions are typed against them so that the two cannot drift apart.
 *
 * Classes used as property types are declared before their users (decorator metadata refers to them).
 */

type Assignee = 'client' | 'owner';

const ASSIGNEES = ['client', 'owner'] as const;
const CHASE_CHANNELS = ['email', 'sms'] as const;
const CHASE_KINDS = ['invite', 'reminder', 'revision', 'manual'] as const;
const CHASE_STATUSES = ['scheduled', 'sent', 'failed', 'bounced', 'complained', 'cancelled', 'skipped'] as const;
const WAIVER_STATES = ['none', 'pending', 'accepted'] as const;
const DECIDERS = ['agent', 'owner'] as const;

/** Any JSON value: an item's value is shaped by its type (text, number, list, object, …). */
const ANY_JSON = {
  oneOf: [
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'array', items: {} },
    { type: 'object', additionalProperties: true },
    { type: 'null' },
  ],
};

const INTAKE_ID = 'in_8fJ2kQ0xLw3mN5pR7tV9yA';
const PORTAL_URL = 'https://portal.example/p/Xk3mP9qL2wR7tY5vB8nC1d';

// ---- shared pieces ----

export class ProgressView {
  @ApiProperty({ type: 'integer', example: 3, description: 'counted items the client has answered' })
  submitted!: number;
  @ApiProperty({
    type: 'integer',
    example: 5,
    description: 'counted items: waived items and untouched optional items are left out',
  })
  total!: number;
  @ApiProperty({ type: 'integer', example: 2 }) outstanding!: number;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100, example: 60, description: '100 exactly when completed' })
  percent!: number;
}

export class OwnerTasksView {
  @ApiProperty({ type: 'integer', example: 1 }) done!: number;
  @ApiProperty({ type: 'integer', example: 2, description: 'owner items (tasks and decisions) not waived' })
  total!: number;
}

export class ItemKeyStatusView {
  @ApiProperty({ example: 'logo' }) key!: string;
  @ApiProperty({ enum: ITEM_STATUSES, example: 'pending' }) status!: ItemStatus;
}

// ---- intake ----

export class RecipientView {
  @ApiProperty({ example: 'assistant@client.example' }) email!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Tomáš Dvořák' }) name!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'set when mail to it bounced' })
  bounced_at!: string | null;
}

export class ClientView {
  @ApiProperty({ example: 'petra@client.example' }) email!: string;
  @ApiProperty({ example: 'Petra Dvořáková' }) name!: string;
  @ApiProperty({ type: String, nullable: true, example: '+420601234567', description: 'E.164' })
  phone!: string | null;
  @ApiProperty({ enum: LANGUAGES, example: 'cs' }) language!: Language;
  @ApiProperty({ example: 'Europe/Prague' }) timezone!: string;
  @ApiProperty({ type: [RecipientView], description: 'up to 4 further recipients' }) also_notify!: RecipientView[];
  @ApiProperty({ type: String, nullable: true, example: null }) client_bounced_at!: string | null;
}

export class RetentionView {
  @ApiProperty({ enum: ['days', 'on_delivery'], example: 'days' }) mode!: 'days' | 'on_delivery';
  @ApiProperty({ type: 'integer', nullable: true, example: 90 }) days!: number | null;
  @ApiProperty({ example: false }) anonymize!: boolean;
}

export class BriefFileView {
  @ApiProperty({ example: 'bff_2Lk9Qw0xZm4nB6pR8tV1yA' }) id!: string;
  @ApiProperty({ example: 'moodboard.pdf' }) filename!: string;
  @ApiProperty({ example: 'application/pdf' }) mime!: string;
  @ApiProperty({ type: 'integer', example: 482133 }) size!: number;
  @ApiProperty({ example: 'clean', description: 'antivirus status; pending or infected files cannot be downloaded' })
  av_status!: string;
  @ApiProperty({ example: '2026-11-02T09:15:00.000Z' }) created_at!: string;
}

@ApiExtraModels(BrandingView)
export class IntakeView {
  @ApiProperty({ example: INTAKE_ID }) intake_id!: string;
  @ApiProperty({ example: 'Wedding photos 2027' }) project_name!: string;
  @ApiProperty({ enum: INTAKE_STATUSES, example: 'sent' }) status!: IntakeStatus;
  @ApiProperty({ enum: MODES, example: 'live' }) mode!: Mode;
  @ApiProperty({ example: PORTAL_URL }) portal_url!: string;
  @ApiProperty({ type: ClientView }) client!: ClientView;
  @BrandingProperty({
    description:
      'the intake’s own branding as set on create or PATCH; null: the account’s default (GET /v1/account) applies, as it is when the page is viewed or a mail sent',
  })
  branding!: BrandingView | null;
  @ApiProperty({ type: String, nullable: true, example: 'fld_3x1Zq0Wm9c2Lk5Np7Rt8Vw', description: 'null: Unfiled' })
  folder_id!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'the test clock the (test) intake lives on; null: real time',
  })
  test_clock!: string | null;
  @ApiProperty({ enum: CHASE_SCHEDULES, example: 'default' }) chase_schedule!: ChaseSchedule;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: null,
    description: 'the normalised interval; null unless chase_schedule is custom',
  })
  chase_interval_minutes!: number | null;
  @ApiProperty({ example: true }) respect_quiet_hours!: boolean;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    example: null,
    description:
      'whether the client is thanked by e-mail on completion; null follows the account’s send_thank_you. What was sent is in the audit log (action mail.thank_you, target the intake)',
  })
  send_thank_you!: boolean | null;
  @ApiProperty({
    oneOf: [
      { type: 'integer', minimum: 1, maximum: 1000 },
      { type: 'string', enum: ['unlimited'] },
    ],
    example: 3,
  })
  max_reminders!: number | 'unlimited';
  @ApiProperty({ type: String, nullable: true, example: null, description: 'HH:MM client local time' })
  chase_at_time!: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, example: '2027-03-31' }) due_date!: string | null;
  @ApiProperty({ type: RetentionView }) retention!: RetentionView;
  @ApiProperty({ example: '2026-11-02T09:14:07.000Z' }) created_at!: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-02T09:14:07.000Z' }) sent_at!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) completed_at!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) delivered_at!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) anonymized_at!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-03T18:40:12.000Z' }) client_last_seen!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'set when max_reminders ran out' })
  stalled_at!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) purge_at!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 2000,
    example: null,
    description: 'the client’s note on the whole intake, written in the portal (PUT /portal/v1/{slug}/note)',
  })
  client_note!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Second shooter confirmed.',
    description: 'hidden from the client',
  })
  owner_note!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 5000,
    example: 'Hi Petra, here is what we need for the album.',
  })
  client_brief!: string | null;
  @ApiProperty({ type: [BriefFileView], example: [] }) brief_files!: BriefFileView[];
}

// ---- item ----

export class ConstraintsView {
  @ApiProperty({ type: [String], required: false, example: ['png', 'svg'], description: 'lower-case extensions' })
  formats?: string[];
  @ApiProperty({ type: 'integer', required: false, example: 1000, description: 'pixels' }) min_width?: number;
  @ApiProperty({ required: false }) transparent_background?: boolean;
  @ApiProperty({ type: 'integer', required: false }) max_chars?: number;
  @ApiProperty({ type: 'integer', required: false }) min_count?: number;
  @ApiProperty({ type: 'integer', required: false }) max_count?: number;
  @ApiProperty({ type: 'integer', required: false, description: 'per file' }) max_bytes?: number;
}

export class WaiverView {
  @ApiProperty({ enum: WAIVER_STATES, example: 'none', description: 'pending: the client proposed it' })
  state!: (typeof WAIVER_STATES)[number];
  @ApiProperty({ type: String, nullable: true, example: null }) reason!: string | null;
  @ApiProperty({ enum: ASSIGNEES, nullable: true, example: null }) requested_by!: Assignee | null;
  @ApiProperty({ type: String, nullable: true, example: null }) requested_at!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) decided_at!: string | null;
}

export class FileView {
  @ApiProperty({ description: 'the :fileId of GET /v1/intakes/:id/items/:key/files/:fileId' }) id!: string;
  @ApiProperty({ example: 'logo.svg' }) filename!: string;
  @ApiProperty({ example: 'image/svg+xml' }) mime!: string;
  @ApiProperty({ type: 'integer', example: 18231 }) size!: number;
  @ApiProperty({ type: 'integer', nullable: true, example: 1200 }) width!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 800 }) height!: number | null;
  @ApiProperty({ example: 'clean', description: 'antivirus status; pending or infected files cannot be downloaded' })
  av_status!: string;
  @ApiProperty({ example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' })
  checksum_sha256!: string;
  @ApiProperty({ example: '2026-11-02T09:15:00.000Z' }) created_at!: string;
}

export class DecisionView {
  @ApiProperty({ enum: DECIDERS, nullable: true, example: 'agent' }) decided_by!: 'agent' | 'owner' | null;
  @ApiProperty({ ...ANY_JSON, description: 'the settled value once the owner decided, else null', example: null })
  value!: unknown;
  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'null' }],
    description: 'an agent’s proposal: one option (select) or a list of them (multiselect)',
    example: 'matte',
  })
  proposed_value!: string | string[] | null;
  @ApiProperty({ type: String, nullable: true, example: 'The couple asked for a muted look.' })
  proposed_rationale!: string | null;
}

export class ItemView {
  @ApiProperty({ example: 'logo' }) key!: string;
  @ApiProperty({ enum: ITEM_TYPES, example: 'image' }) type!: ItemType;
  @ApiProperty({ enum: ASSIGNEES, example: 'client' }) assignee!: Assignee;
  @ApiProperty({ example: 'Your logo' }) label!: string;
  @ApiProperty({ type: String, nullable: true, example: 'SVG or a PNG at least 1000 px wide' }) help!: string | null;
  @ApiProperty({ example: true }) required!: boolean;
  @ApiProperty({ enum: ITEM_STATUSES, example: 'submitted' }) status!: ItemStatus;
  @ApiProperty({
    ...ANY_JSON,
    description:
      'shaped by the item type; null for secret items (use results or reveal) and for file types (see files)',
    example: null,
  })
  value!: unknown;
  @ApiProperty({ type: ConstraintsView }) constraints!: Constraints;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'JSON-schema-like definition of a structured item (type, required, properties)',
    example: null,
  })
  schema!: StructuredSchema | null;
  @ApiProperty({ type: [String], nullable: true, example: null, description: 'the choices of select/multiselect' })
  options!: string[] | null;
  @ApiProperty({ type: String, nullable: true, example: null }) pattern!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-03T18:42:55.000Z' }) submitted_at!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) approved_at!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) revision_note!: string | null;
  @ApiProperty({ type: 'integer', example: 0 }) revision_count!: number;
  @ApiProperty({ type: WaiverView }) waiver!: WaiverView;
  @ApiProperty({ type: String, nullable: true, example: null }) client_note!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'hidden from the client' })
  owner_note!: string | null;
  @ApiProperty({ example: false }) received_outside!: boolean;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'hidden from the client' })
  received_outside_note!: string | null;
  @ApiProperty({ type: [FileView], required: false, description: 'file, file_list and image items only' })
  files?: FileView[];
  @ApiProperty({ type: DecisionView, required: false, description: 'owner-assigned select/multiselect items only' })
  decision?: DecisionView;
}

// ---- GET /v1/intakes/:id, PATCH /v1/intakes/:id, send, archive ----

export class IntakeDetailResponse {
  @ApiProperty({ type: IntakeView }) intake!: IntakeView;
  @ApiProperty({ type: [ItemView] }) items!: ItemView[];
  @ApiProperty({ type: ProgressView }) progress!: ProgressView;
  @ApiProperty({ type: OwnerTasksView }) owner_tasks!: OwnerTasksView;
}

export class IntakeResponse {
  @ApiProperty({ type: IntakeView }) intake!: IntakeView;
}

// ---- GET /v1/intakes ----

export class ListClientView {
  @ApiProperty({ example: 'petra@client.example' }) email!: string;
  @ApiProperty({ example: 'Petra Dvořáková' }) name!: string;
}

export class ListProgressView {
  @ApiProperty({ type: 'integer', example: 3 }) submitted!: number;
  @ApiProperty({ type: 'integer', example: 5 }) total!: number;
}

export class ListIntakeView {
  @ApiProperty({ example: INTAKE_ID }) intake_id!: string;
  @ApiProperty({ example: 'Wedding photos 2027' }) project_name!: string;
  @ApiProperty({ enum: INTAKE_STATUSES, example: 'in_progress' }) status!: IntakeStatus;
  @ApiProperty({
    enum: MODES,
    example: 'live',
    description: 'test: created with a test key, never contacts the client',
  })
  mode!: Mode;
  @ApiProperty({ type: ListClientView }) client!: ListClientView;
  @ApiProperty({ example: PORTAL_URL }) portal_url!: string;
  @ApiProperty({ example: '2026-11-02T09:14:07.000Z' }) created_at!: string;
  @ApiProperty({ type: ListProgressView }) progress!: ListProgressView;
}

export class IntakeListResponse {
  @ApiProperty({ type: [ListIntakeView], description: 'newest first' }) intakes!: ListIntakeView[];
  @ApiProperty({ type: 'integer', example: 1 }) total!: number;
  @ApiProperty({ type: 'integer', example: 20 }) limit!: number;
  @ApiProperty({ type: 'integer', example: 0 }) offset!: number;
}

// ---- POST /v1/intakes ----

export class FollowUpWebhookView {
  @ApiProperty({
    type: 'integer',
    example: 1,
    description: 'the account’s active webhook endpoints of the intake’s mode',
  })
  active_endpoints!: number;
  @ApiProperty({
    enum: WEBHOOK_EVENTS,
    isArray: true,
    example: ['item.submitted', 'intake.completed'],
    description:
      'the events those endpoints take, together; webhooks are recommended once item.submitted and intake.completed are among them',
  })
  events!: WebhookEvent[];
  @ApiProperty({ example: 'POST /v1/webhooks' }) register_with!: string;
}

export class FollowUpScheduleView {
  @ApiProperty({ example: `GET /v1/intakes/${INTAKE_ID}/status` }) check_with!: string;
  @ApiProperty({ example: 1, description: 'poll this often, in hours' }) every_hours!: number;
  @ApiProperty({ example: '2027-04-07T23:59:59.000Z', description: 'due date plus a week, else 30 days' })
  until!: string;
}

export class FollowUpView {
  @ApiProperty({ enum: ['webhook', 'schedule'], example: 'schedule' }) recommended!: 'webhook' | 'schedule';
  @ApiProperty({
    example:
      'No active webhook endpoint takes item.submitted and intake.completed for this intake’s mode: poll the status endpoint, or register a webhook.',
  })
  reason!: string;
  @ApiProperty({ type: FollowUpWebhookView }) webhook!: FollowUpWebhookView;
  @ApiProperty({ type: FollowUpScheduleView }) schedule!: FollowUpScheduleView;
}

export class CreateIntakeResponse {
  @ApiProperty({ example: INTAKE_ID }) intake_id!: string;
  @ApiProperty({ example: PORTAL_URL }) portal_url!: string;
  @ApiProperty({ enum: INTAKE_STATUSES, example: 'sent', description: 'draft when send was false' })
  status!: IntakeStatus;
  @ApiProperty({ type: [ItemKeyStatusView] }) items!: ItemKeyStatusView[];
  @ApiProperty({ type: FollowUpView }) follow_up!: FollowUpView;
}

// ---- GET /v1/intakes/:id/status ----

export class StatusItemView {
  @ApiProperty({ example: 'logo' }) key!: string;
  @ApiProperty({ enum: ITEM_STATUSES, example: 'submitted' }) status!: ItemStatus;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-03T18:42:55.000Z' }) submitted_at!: string | null;
  @ApiProperty({ example: 'Your logo' }) label!: string;
  @ApiProperty({ enum: ASSIGNEES, example: 'client' }) assignee!: Assignee;
  @ApiProperty({ example: true }) required!: boolean;
  @ApiProperty({ type: DecisionView, required: false, description: 'decision items only' }) decision?: DecisionView;
}

export class ChaseView {
  @ApiProperty({ example: 'chs_5Tq8Wn2xKm7pL0rZ3vB9yC' }) id!: string;
  @ApiProperty({ enum: CHASE_CHANNELS, example: 'email' }) channel!: (typeof CHASE_CHANNELS)[number];
  @ApiProperty({ enum: CHASE_KINDS, example: 'reminder' }) kind!: (typeof CHASE_KINDS)[number];
  @ApiProperty({ type: String, nullable: true, example: '2026-11-04T08:00:00.000Z' }) scheduled_at!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) sent_at!: string | null;
  @ApiProperty({ enum: CHASE_STATUSES, example: 'scheduled' }) status!: (typeof CHASE_STATUSES)[number];
  @ApiProperty({ type: 'integer', example: 1, description: 'not reset by schedule changes' }) attempt_no!: number;
  @ApiProperty({ type: 'integer', nullable: true, example: 2 }) missing_items_count!: number | null;
  @ApiProperty({ type: String, nullable: true, example: null }) error!: string | null;
}

export class StatusResponse {
  @ApiProperty({ enum: INTAKE_STATUSES, example: 'in_progress' }) status!: IntakeStatus;
  @ApiProperty({ type: String, format: 'date', nullable: true, example: '2027-03-31' }) due_date!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-03T18:40:12.000Z' }) client_last_seen!: string | null;
  @ApiProperty({ type: ProgressView }) progress!: ProgressView;
  @ApiProperty({ type: [StatusItemView] }) items!: StatusItemView[];
  @ApiProperty({
    type: [ChaseView],
    description: 'the scheduled_at of the next scheduled entry is when the next reminder is due',
  })
  chases!: ChaseView[];
}

// ---- items ----

export class ItemsAddedResponse {
  @ApiProperty({ example: INTAKE_ID }) intake_id!: string;
  @ApiProperty({ type: [ItemKeyStatusView] }) items_added!: ItemKeyStatusView[];
  @ApiProperty({ example: true, description: 'whether the client was told by e-mail (live, sent intakes)' })
  client_notified!: boolean;
}

export class ItemResponse {
  @ApiProperty({ type: ItemView }) item!: ItemView;
}

export class RevisionResponse {
  @ApiProperty({ example: INTAKE_ID }) intake_id!: string;
  @ApiProperty({ example: 'logo' }) item_key!: string;
  @ApiProperty({ enum: ['needs_revision'], example: 'needs_revision' }) status!: 'needs_revision';
  @ApiProperty({ example: true }) client_notified!: boolean;
}

export class DoneResponse {
  @ApiProperty({ example: 'book_venue' }) key!: string;
  @ApiProperty({ example: true }) done!: boolean;
  @ApiProperty({ enum: ITEM_STATUSES, example: 'approved' }) status!: ItemStatus;
}

export class ReceivedOutsideResponse {
  @ApiProperty({ example: 'logo' }) key!: string;
  @ApiProperty({ enum: ITEM_STATUSES, example: 'approved' }) status!: ItemStatus;
  @ApiProperty({ example: true }) received_outside!: boolean;
  @ApiProperty({ enum: INTAKE_STATUSES, example: 'in_progress' }) intake_status!: IntakeStatus;
}

export class AnswerResponse {
  @ApiProperty({ example: 'finish' }) key!: string;
  @ApiProperty({ ...ANY_JSON, description: 'the settled option (select) or options (multiselect)', example: 'matte' })
  value!: unknown;
  @ApiProperty({ enum: ITEM_STATUSES, example: 'approved' }) status!: ItemStatus;
  @ApiProperty({ enum: DECIDERS, nullable: true, example: 'owner' }) decided_by!: 'agent' | 'owner' | null;
}

// ---- recipients ----

export class RecipientsResponse {
  @ApiProperty({ example: INTAKE_ID }) intake_id!: string;
  @ApiProperty({ type: [RecipientView] }) also_notify!: RecipientView[];
}

export class ReinstateResponse {
  @ApiProperty({ example: 'petra@client.example' }) email!: string;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'always null: the flag is cleared' })
  bounced_at!: string | null;
  @ApiProperty({
    example: true,
    description: 'false if the intake is completed, archived, stalled or chase_schedule is off',
  })
  still_chasing!: boolean;
}

// ---- GET /v1/clients ----

export class ClientEntryView {
  @ApiProperty({ example: 'petra@client.example' }) email!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Petra Dvořáková' }) name!: string | null;
  @ApiProperty({ enum: LANGUAGES, example: 'cs' }) language!: string;
  @ApiProperty({ type: String, nullable: true, example: '+420601234567' }) phone!: string | null;
  @ApiProperty({ example: 'Europe/Prague' }) timezone!: string;
  @ApiProperty({ type: String, nullable: true, example: 'fld_3x1Zq0Wm9c2Lk5Np7Rt8Vw' }) folder_id!: string | null;
  @ApiProperty({ example: INTAKE_ID }) last_intake_id!: string;
  @ApiProperty({ example: '2026-11-02T09:14:07.000Z' }) last_intake_at!: string;
  @ApiProperty({ type: 'integer', example: 2, description: 'over all that client’s intakes' }) intake_count!: number;
}

export class ClientListResponse {
  @ApiProperty({
    type: [ClientEntryView],
    description: 'most intakes first, then most recent; name, phone, language, timezone and folder from the latest',
  })
  clients!: ClientEntryView[];
  @ApiProperty({ type: 'integer', example: 1 }) total!: number;
  @ApiProperty({ type: 'integer', example: 20 }) limit!: number;
  @ApiProperty({ type: 'integer', example: 0 }) offset!: number;
}

// ---- templates ----

export class ProposalView {
  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    example: 'matte',
  })
  value!: string | string[];
  @ApiProperty({ type: String, nullable: true, example: 'The couple asked for a muted look.' })
  rationale!: string | null;
}

@ApiExtraModels(ProposalView)
export class ItemDefinitionView {
  @ApiProperty({ example: 'logo' }) key!: string;
  @ApiProperty({ enum: ITEM_TYPES, example: 'image' }) type!: ItemType;
  @ApiProperty({ example: 'Your logo' }) label!: string;
  @ApiProperty({ type: String, nullable: true, example: null }) help!: string | null;
  @ApiProperty({ example: true }) required!: boolean;
  @ApiProperty({ enum: ASSIGNEES, example: 'client' }) assignee!: Assignee;
  @ApiProperty({ type: ConstraintsView }) constraints!: Constraints;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, example: null })
  schema!: StructuredSchema | null;
  @ApiProperty({ type: [String], nullable: true, example: null }) options!: string[] | null;
  @ApiProperty({ type: String, nullable: true, example: null }) pattern!: string | null;
  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(ProposalView) }, { type: 'null' }],
    description: 'an agent’s proposal on an owner decision item',
    example: null,
  })
  proposed!: Proposal | null;
}

export class TemplateView {
  @ApiProperty({ example: 'tpl_6Rk1Mz8xQw3nL5pT7vB0yD' }) id!: string;
  @ApiProperty({ example: 'wedding-photos', description: 'pass it as template to POST /v1/intakes' }) slug!: string;
  @ApiProperty({ example: 'Wedding photos' }) name!: string;
  @ApiProperty({ type: [ItemDefinitionView] }) items!: ItemDefinitionView[];
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'defaults for intakes created from the template (only where the request leaves a field unset)',
    example: { chase_schedule: 'gentle', max_reminders: 5 },
  })
  settings!: Record<string, unknown>;
  @ApiProperty({ example: '2026-10-12T07:30:00.000Z' }) created_at!: string;
}

export class TemplateResponse {
  @ApiProperty({ type: TemplateView }) template!: TemplateView;
}

export class TemplateListResponse {
  @ApiProperty({ type: [TemplateView], description: 'by name' }) templates!: TemplateView[];
}
