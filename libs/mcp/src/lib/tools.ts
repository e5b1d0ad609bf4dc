import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { IntakeClient, paths } from '@intake/sdk';
import { hasScope, type KeyAccess, type Scope } from './access';
import { deriveInput, type InputSpec } from './openapi-input';
import type { RestBinding } from './rest-binding';

type Shape = z.ZodRawShape;
type Structured = Record<string, unknown>;

/**
 * One tool as written here: its words for the model, who may see it, the REST call it makes and
 * what it answers. Its input schema is not written here: it is derived from the operation its
 * `rest` binding names in the OpenAPI document (openapi-input.ts), but for the arguments that are no
 * parameter of that operation (`rest.translated`), whose schemas are `handWritten`.
 */
export interface ToolSpec<Args = Record<string, unknown>> {
  name: string;
  title: string;
  /** Written for a model: what it does, when to use it, what it costs. The key's mode may change it. */
  description: (access: KeyAccess) => string;
  /** The scope a key needs to be offered the tool; null: every key. */
  scope: Scope | null;
  rest: RestBinding;
  /**
   * Words for the model per argument (every one), and per nested property (`client.email`) or array
   * item (`items[]`) where they help: ours, as the document's descriptions are written for REST callers.
   */
  argumentDescriptions: Readonly<Record<keyof Args & string, string>> & Readonly<Record<string, string>>;
  /** Schemas of the arguments that are no parameter of the operation (`rest.translated`), each with why. */
  handWritten?: Readonly<{ [Name in keyof Args & string]?: z.ZodType }>;
  /** Arguments offered only to a key with a further scope (left out of the schema otherwise). */
  argumentScopes?: Readonly<Partial<Record<keyof Args & string, Scope>>>;
  output: Shape;
  annotations: ToolAnnotations;
  run(client: IntakeClient, args: Args, access: KeyAccess): Promise<ToolOutcome>;
}

/** A tool with its input shape, derived when the module loads. */
export interface ToolDefinition<Args = Record<string, unknown>> extends ToolSpec<Args> {
  input: Shape;
}

/** A tool's answer: the api's body as `structuredContent`, and one or two sentences for the model. */
export interface ToolOutcome {
  structured: Structured;
  summary: string;
}

const defineTool = <Args>(spec: ToolSpec<Args>): ToolDefinition<Args> => ({
  ...spec,
  input: deriveInput(spec as InputSpec),
});

// The TypeScript types of the arguments, from the SDK's types of the same document.
type Operation<Path extends keyof paths, Method extends RestBinding['method']> = paths[Path][Method];
/** An operation's JSON request body. */
type BodyOf<Path extends keyof paths, Method extends RestBinding['method']> =
  Operation<Path, Method> extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;
/** An operation's query parameters. */
type QueryOf<Path extends keyof paths, Method extends RestBinding['method']> =
  Operation<Path, Method> extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;
/** The intake's id, the path parameter `id` under the name the tools share. */
type IntakeArgument = { intake_id: string };
/** And an item's key, the path parameter `key`. */
type ItemArguments = IntakeArgument & { item_key: string };
type NoArguments = Record<never, never>;

const testNote = (access: KeyAccess) =>
  access.mode === 'test'
    ? ' This is a test key: its intakes never contact the client (invitations and reminders are recorded as skipped chases), and it sees only the intakes it created.'
    : '';

// Words for arguments shared by many tools.
const intakeId = 'The intake id, `in_…` (from create_intake or list_intakes).';
const itemKey = 'The item’s key, as in the intake’s items (get_intake_status lists them).';

/**
 * The item definitions: the document leaves an item open (the api validates it and answers which
 * field is wrong, with many optional parts per type), so its fields are told to the model here.
 */
const itemsWords = {
  items: 'The items to ask for, each an item definition (see items[]).',
  'items[]':
    'An item the client must supply (or an owner task), with the fields: ' +
    'key (required): identifier of the item within the intake, lower-case letters, digits, _ and -, e.g. "id_card"; ' +
    'type (required): one of file, file_list, image, text, longtext, email, url, number, date, boolean, select, multiselect, structured, secret; ' +
    'label (required): what the client is asked for, as shown to them, e.g. "Copy of your ID card"; ' +
    'help: a hint shown under the label; ' +
    'required: whether the intake completes only with this item (default true); ' +
    'assignee: client (default), the client supplies it, or owner, a task or decision of the owner; ' +
    'options: the choices of a select or multiselect item (a list of strings); ' +
    'constraints: an object, per type: formats (e.g. ["pdf","jpg"]), max_bytes, max_chars, min_count, max_count, min_width.',
};

/**
 * decide_item's own arguments, hand-written: none is a parameter of the operation it calls. Together
 * they build one owner decision item of the body's `items`, whose definition the document leaves
 * open (the api validates it), so the document holds no schema to derive them from.
 */
const decision = {
  // The new item's key (the api allows at most 64 characters for a key).
  key: z.string().min(1).max(64),
  // The item's label: the question decided.
  label: z.string().min(1),
  // The item's help.
  help: z.string().optional(),
  // The item's type: only the two kinds of decision item.
  type: z.enum(['select', 'multiselect']),
  // The item's options.
  options: z.array(z.string().min(1)).min(1),
  // The item's proposed.value: one option or several.
  value: z.union([z.string(), z.array(z.string())]),
  // The item's proposed.rationale.
  rationale: z.string().max(2000).optional(),
};

// Outputs: the api's answers, as documented; the fields the model relies on are named, the rest pass.
const progress = z.looseObject({
  submitted: z.number(),
  total: z.number(),
  outstanding: z.number(),
  percent: z.number(),
});
const statusItem = z.looseObject({
  key: z.string(),
  status: z.string(),
  label: z.string(),
  assignee: z.string(),
  required: z.boolean(),
  submitted_at: z.string().nullable(),
});
const itemView = z.looseObject({ key: z.string(), status: z.string() });

export const TOOLS = [
  defineTool<Omit<BodyOf<'/v1/intakes', 'post'>, 'email_copy' | 'branding' | 'retention'>>({
    name: 'create_intake',
    title: 'Create an intake',
    description: (access) =>
      'Create an intake: ask a client for a list of items (documents, images, answers, choices, secrets) through a personal portal link. ' +
      'Give either items, or a template slug (list_templates) plus at least one item. Unless send is false (a draft), the client is e-mailed the portal link at once and then reminded on the chase schedule until everything is in; ' +
      'this sends e-mail to the client and counts towards the month’s intake quota (get_usage). Returns the intake id and portal URL; follow it with get_intake_status.' +
      testNote(access),
    scope: 'intakes:write',
    rest: {
      method: 'post',
      path: '/v1/intakes',
      body: [
        'project_name',
        'client',
        'items',
        'template',
        'due_date',
        'send',
        'chase_schedule',
        'chase_interval',
        'chase_interval_unit',
        'chase_at_time',
        'respect_quiet_hours',
        'max_reminders',
        'client_brief',
        'folder_id',
        'send_thank_you',
        'test_clock',
      ],
      omitted: {
        email_copy: 'the invitation’s wording is the account’s; an agent rarely needs to rewrite it',
        branding: 'the account’s default branding applies; set in the dashboard',
        retention: 'the account’s default retention applies; set in the dashboard',
      },
    },
    argumentDescriptions: {
      project_name: 'A name for the request, seen by the client, e.g. "Tax return 2025".',
      client: 'Who is asked.',
      'client.email': 'The client’s e-mail address; the portal link is sent there.',
      'client.name': 'The client’s name, used in the e-mails.',
      'client.language': 'Language of the portal and e-mails; the account’s default otherwise.',
      'client.phone': 'E.164 phone number, for SMS reminders.',
      'client.timezone': 'IANA time zone of the client, e.g. Europe/Prague; reminders respect its quiet hours.',
      'client.also_notify': 'Up to 4 more people who receive the same e-mails.',
      ...itemsWords,
      template: 'Slug of a saved template (list_templates) whose items and settings to start from.',
      due_date: 'YYYY-MM-DD: when everything should be in; the client sees it, and intake.overdue fires after it.',
      send: 'false creates a draft that e-mails nobody (default true: invite the client now).',
      chase_schedule: 'How insistently the client is reminded; off sends no reminders.',
      chase_interval: 'Only with chase_schedule custom: the gap between reminders.',
      chase_interval_unit: 'Unit of chase_interval (default days).',
      chase_at_time: 'HH:MM client local time for custom whole-day intervals.',
      respect_quiet_hours: 'Hold reminders outside the client’s daytime (default true).',
      max_reminders: 'Reminders before the intake counts as stalled (default 3).',
      client_brief: 'Context for the client, shown in the portal.',
      folder_id: 'A folder to file the intake in (fld_…).',
      send_thank_you: 'Thank the client by e-mail when done; null: the account’s setting.',
      test_clock:
        'Test keys only: a test clock of the account (clk_…); the intake lives on its time, so a month of reminders can be watched by advancing it (POST /v1/test_clocks/{id}/advance).',
    },
    output: {
      intake_id: z.string(),
      portal_url: z.string(),
      status: z.string(),
      items: z.array(z.looseObject({ key: z.string(), status: z.string() })),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    async run(client, args) {
      const created = await client.POST('/v1/intakes', { body: args });
      return {
        structured: created,
        summary: `Created intake ${created.intake_id} (${created.status}) with ${created.items.length} item(s). Portal: ${created.portal_url}`,
      };
    },
  }),

  defineTool<Omit<QueryOf<'/v1/intakes', 'get'>, 'mode'>>({
    name: 'list_intakes',
    title: 'List intakes',
    description: (access) =>
      'List intakes, newest first, with their status and progress; filter by status, client e-mail, folder or a search text. ' +
      'Use it to find an intake’s id. Read-only; one page per call (limit up to 100, then offset).' +
      testNote(access),
    scope: 'intakes:read',
    rest: {
      method: 'get',
      path: '/v1/intakes',
      query: ['status', 'client_email', 'folder_id', 'q', 'limit', 'offset'],
      omitted: { mode: 'an API key lists only intakes of its own mode; the filter is for the dashboard’s sessions' },
    },
    argumentDescriptions: {
      status: 'Only intakes in this status.',
      client_email: 'Only intakes of this client.',
      folder_id: 'Only intakes in this folder (fld_…), or none for unfiled.',
      q: 'Case-insensitive text in the project name, client name or e-mail.',
      limit: 'Page size (default 20).',
      offset: 'Entries to skip (default 0).',
    },
    output: {
      intakes: z.array(
        z.looseObject({ intake_id: z.string(), project_name: z.string(), status: z.string(), portal_url: z.string() }),
      ),
      total: z.number(),
      limit: z.number(),
      offset: z.number(),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(client, args) {
      const page = await client.GET('/v1/intakes', { params: { query: args } });
      const lines = page.intakes.map(
        (intake) =>
          `${intake.intake_id} ${intake.status} “${intake.project_name}” (${intake.client.email}, ${intake.progress.submitted}/${intake.progress.total})`,
      );
      return {
        structured: page,
        summary: `${page.intakes.length} of ${page.total} intake(s)${lines.length ? `:\n${lines.join('\n')}` : '.'}`,
      };
    },
  }),

  defineTool<IntakeArgument>({
    name: 'get_intake_status',
    title: 'Get an intake’s status',
    description: () =>
      'The current state of one intake: its status, progress, each item’s status (pending, submitted, approved, needs_revision, waived) and the reminders sent and scheduled. ' +
      'Use it to see what the client has submitted and what to review next. Read-only and cheap.',
    scope: 'intakes:read',
    rest: { method: 'get', path: '/v1/intakes/{id}/status', pathParams: { intake_id: 'id' } },
    argumentDescriptions: { intake_id: intakeId },
    output: {
      status: z.string(),
      due_date: z.string().nullable(),
      progress,
      items: z.array(statusItem),
      chases: z.array(z.looseObject({ kind: z.string(), status: z.string() })),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(client, { intake_id }) {
      const status = await client.GET('/v1/intakes/{id}/status', { params: { path: { id: intake_id } } });
      const submitted = status.items.filter((item) => item.status === 'submitted').map((item) => item.key);
      return {
        structured: { intake_id, ...status },
        summary:
          `Intake ${intake_id} is ${status.status}: ${status.progress.submitted} of ${status.progress.total} in, ${status.progress.outstanding} outstanding. ` +
          `Items: ${status.items.map((item) => `${item.key}=${item.status}`).join(', ')}.` +
          (submitted.length ? ` Waiting for review: ${submitted.join(', ')}.` : ''),
      };
    },
  }),

  defineTool<IntakeArgument & BodyOf<'/v1/intakes/{id}/items', 'post'>>({
    name: 'add_items',
    title: 'Add items to an intake',
    description: (access) =>
      'Ask the client for more items on an existing intake (keys it does not have yet). ' +
      'If the intake was already sent, the client is told by e-mail, and a completed intake reopens.' +
      testNote(access),
    scope: 'intakes:write',
    rest: { method: 'post', path: '/v1/intakes/{id}/items', pathParams: { intake_id: 'id' }, body: ['items'] },
    argumentDescriptions: { intake_id: intakeId, ...itemsWords },
    output: {
      intake_id: z.string(),
      items_added: z.array(z.looseObject({ key: z.string(), status: z.string() })),
      client_notified: z.boolean(),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    async run(client, { intake_id, items: added }) {
      const answer = await client.POST('/v1/intakes/{id}/items', {
        params: { path: { id: intake_id } },
        body: { items: added },
      });
      return {
        structured: answer,
        summary: `Added ${answer.items_added.map((item) => item.key).join(', ')} to ${intake_id}; client ${answer.client_notified ? 'notified by e-mail' : 'not notified'}.`,
      };
    },
  }),

  defineTool<ItemArguments & BodyOf<'/v1/intakes/{id}/items/{key}/approve', 'post'>>({
    name: 'approve_item',
    title: 'Approve a submitted item',
    description: () =>
      'Accept what the client submitted for one item (status submitted → approved). Approving the last outstanding item completes the intake. ' +
      'Check the submission first (collect_results with include_pending, or get_intake_status). Does not contact the client.',
    scope: 'intakes:write',
    rest: {
      method: 'post',
      path: '/v1/intakes/{id}/items/{key}/approve',
      pathParams: { intake_id: 'id', item_key: 'key' },
      body: ['note'],
    },
    argumentDescriptions: {
      intake_id: intakeId,
      item_key: itemKey,
      note: 'An internal note for the audit log.',
    },
    output: { item: itemView },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async run(client, { intake_id, item_key, note }) {
      const answer = await client.POST('/v1/intakes/{id}/items/{key}/approve', {
        params: { path: { id: intake_id, key: item_key } },
        body: { note },
      });
      return { structured: answer, summary: `Item ${item_key} of ${intake_id} is now ${answer.item.status}.` };
    },
  }),

  defineTool<IntakeArgument & BodyOf<'/v1/intakes/{id}/revision', 'post'>>({
    name: 'request_revision',
    title: 'Send an item back for revision',
    description: (access) =>
      'Send a submitted or approved item back to the client with a note saying what to change (status → needs_revision). ' +
      'The client is e-mailed the note. Needs a paid plan (plan_required on Free).' +
      testNote(access),
    scope: 'intakes:write',
    rest: {
      method: 'post',
      path: '/v1/intakes/{id}/revision',
      pathParams: { intake_id: 'id' },
      body: ['item_key', 'note'],
    },
    argumentDescriptions: {
      intake_id: intakeId,
      item_key: 'The key of the item to send back.',
      note: 'What the client should change, addressed to the client, e.g. "Please send the logo as SVG."',
    },
    output: { intake_id: z.string(), item_key: z.string(), status: z.string(), client_notified: z.boolean() },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    async run(client, { intake_id, item_key, note }) {
      const answer = await client.POST('/v1/intakes/{id}/revision', {
        params: { path: { id: intake_id } },
        body: { item_key, note },
      });
      return {
        structured: answer,
        summary: `Item ${item_key} of ${intake_id} needs revision; client ${answer.client_notified ? 'notified' : 'not notified'}.`,
      };
    },
  }),

  defineTool<ItemArguments & BodyOf<'/v1/intakes/{id}/items/{key}/waive', 'post'>>({
    name: 'waive_item',
    title: 'Waive an item',
    description: () =>
      'Stop asking the client for one item (status → waived): it no longer holds completion, and waiving the last outstanding item completes the intake. ' +
      'Use when the item is not needed after all. Does not contact the client.',
    scope: 'intakes:write',
    rest: {
      method: 'post',
      path: '/v1/intakes/{id}/items/{key}/waive',
      pathParams: { intake_id: 'id', item_key: 'key' },
      body: ['reason'],
    },
    argumentDescriptions: {
      intake_id: intakeId,
      item_key: itemKey,
      reason: 'Why it is not needed (kept with the item).',
    },
    output: { item: itemView },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run(client, { intake_id, item_key, reason }) {
      const answer = await client.POST('/v1/intakes/{id}/items/{key}/waive', {
        params: { path: { id: intake_id, key: item_key } },
        body: { reason },
      });
      return { structured: answer, summary: `Item ${item_key} of ${intake_id} is now ${answer.item.status}.` };
    },
  }),

  defineTool<IntakeArgument & z.infer<z.ZodObject<typeof decision>>>({
    name: 'decide_item',
    title: 'Record the agent’s decision for the owner',
    description: () =>
      'Record a decision the agent made on the owner’s behalf, as an owner-assigned select or multiselect item carrying the agent’s choice and rationale (decision.decided_by: agent). ' +
      'The item is added to the intake under a new key; the owner confirms or changes the choice in the dashboard (settling a decision is reserved to the owner’s session, so an agent proposes). ' +
      'The client never sees owner items and is not contacted.',
    scope: 'intakes:write',
    rest: {
      method: 'post',
      path: '/v1/intakes/{id}/items',
      pathParams: { intake_id: 'id' },
      // The arguments build one owner decision item of `items`: {key, type, label, help, options, assignee: owner, proposed: {value, rationale}}.
      translated: {
        key: 'items',
        label: 'items',
        help: 'items',
        type: 'items',
        options: 'items',
        value: 'items',
        rationale: 'items',
      },
    },
    argumentDescriptions: {
      intake_id: intakeId,
      key: 'A new key for the decision, e.g. "colour_scheme".',
      label: 'The question decided, e.g. "Colour scheme of the website".',
      help: 'More context for the owner.',
      type: 'select: one choice; multiselect: several.',
      options: 'Every choice the owner could make.',
      value: 'The agent’s choice: one of options (select) or a list of them (multiselect).',
      rationale: 'Why the agent chose it, for the owner.',
    },
    handWritten: decision,
    output: {
      intake_id: z.string(),
      items_added: z.array(z.looseObject({ key: z.string(), status: z.string() })),
      client_notified: z.boolean(),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async run(client, { intake_id, key, label, help, type, options, value, rationale }) {
      const item = {
        key,
        type,
        label,
        ...(help !== undefined ? { help } : {}),
        assignee: 'owner',
        options,
        proposed: { value, ...(rationale !== undefined ? { rationale } : {}) },
      };
      const answer = await client.POST('/v1/intakes/{id}/items', {
        params: { path: { id: intake_id } },
        body: { items: [item] },
      });
      return {
        structured: answer,
        summary: `Recorded the decision ${key} = ${JSON.stringify(value)} on ${intake_id} (decided by the agent; the owner can confirm or change it).`,
      };
    },
  }),

  defineTool<ItemArguments & BodyOf<'/v1/intakes/{id}/items/{key}/received-outside', 'post'>>({
    name: 'mark_received_outside',
    title: 'Mark an item received outside the portal',
    description: () =>
      'Mark a client item as received some other way (e-mail, paper, in person): it counts as approved, and may complete the intake. ' +
      'Use when the user says the client already sent it. Does not contact the client.',
    scope: 'intakes:write',
    rest: {
      method: 'post',
      path: '/v1/intakes/{id}/items/{key}/received-outside',
      pathParams: { intake_id: 'id', item_key: 'key' },
      body: ['note'],
    },
    argumentDescriptions: {
      intake_id: intakeId,
      item_key: itemKey,
      note: 'How it was received, e.g. "sent by post".',
    },
    output: { key: z.string(), status: z.string(), received_outside: z.boolean(), intake_status: z.string() },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async run(client, { intake_id, item_key, note }) {
      const answer = await client.POST('/v1/intakes/{id}/items/{key}/received-outside', {
        params: { path: { id: intake_id, key: item_key } },
        body: { note },
      });
      return {
        structured: answer,
        summary: `Item ${item_key} marked received outside (${answer.status}); the intake is ${answer.intake_status}.`,
      };
    },
  }),

  defineTool<IntakeArgument & BodyOf<'/v1/intakes/{id}/chase', 'post'>>({
    name: 'chase_client',
    title: 'Remind the client now',
    description: (access) =>
      (access.mode === 'test'
        ? 'Record a reminder to the client now (a test key: the chase is recorded as skipped and nothing is sent). '
        : 'Send the client a reminder now, listing what is still missing: this sends an e-mail (or, with channel sms, a text message that uses an SMS credit) to the client. ') +
      'Use sparingly, when the automatic reminders are not enough; rate-limited per intake and per account.',
    scope: 'intakes:write',
    rest: { method: 'post', path: '/v1/intakes/{id}/chase', pathParams: { intake_id: 'id' }, body: ['channel'] },
    argumentDescriptions: {
      intake_id: intakeId,
      channel: 'email (default), or sms to the client’s phone (needs the plan’s sms feature and a credit).',
    },
    output: { id: z.string(), channel: z.string(), kind: z.string(), status: z.string() },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    async run(client, { intake_id, channel }) {
      const chase = await client.POST('/v1/intakes/{id}/chase', {
        params: { path: { id: intake_id } },
        body: { channel },
      });
      return { structured: chase, summary: `Chase ${chase.id} by ${chase.channel}: ${chase.status}.` };
    },
  }),

  defineTool<
    IntakeArgument &
      Pick<QueryOf<'/v1/intakes/{id}/results', 'get'>, 'only_new' | 'include_pending'> & { reveal_secrets?: boolean }
  >({
    name: 'collect_results',
    title: 'Collect the results',
    description: (access) =>
      'The client’s answers: typed values per item key, signed download URLs for files, and per-item meta; with what is still missing. ' +
      'only_new returns only what was approved since this key’s previous collect_results call (for incremental processing); include_pending also returns submitted but unapproved items, to review before approving. ' +
      (hasScope(access, 'secrets:read')
        ? 'Secret items are left out unless reveal_secrets is true; revealing consumes the secret’s one-time reveal, so only reveal when the value is needed now.'
        : 'Secret items are never returned to this key (it lacks the secrets:read scope).'),
    scope: 'intakes:read',
    rest: {
      method: 'get',
      path: '/v1/intakes/{id}/results',
      pathParams: { intake_id: 'id' },
      query: ['only_new', 'include_pending'],
      translated: { reveal_secrets: 'exclude_secrets' },
    },
    argumentScopes: { reveal_secrets: 'secrets:read' },
    argumentDescriptions: {
      intake_id: intakeId,
      only_new: 'Only items approved since this key’s previous call (default false).',
      include_pending: 'Also items submitted but not yet approved (default false).',
      reveal_secrets:
        'Include secret values, consuming their one-time reveal (needs the secrets:read scope; default false).',
    },
    handWritten: {
      // Not in the document as such: the operation's exclude_secrets, turned round so that leaving it
      // out reveals nothing (a reveal is consumed once), and offered only with secrets:read.
      reveal_secrets: z.boolean().optional(),
    },
    output: {
      intake_id: z.string(),
      status: z.string(),
      progress,
      missing: z.array(z.string()),
      results: z.record(z.string(), z.unknown()),
      meta: z.record(z.string(), z.unknown()),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(client, { intake_id, only_new, include_pending, reveal_secrets }, access) {
      const exclude = !(reveal_secrets === true && hasScope(access, 'secrets:read'));
      const results = await client.GET('/v1/intakes/{id}/results', {
        params: { path: { id: intake_id }, query: { only_new, include_pending, exclude_secrets: exclude } },
      });
      const keys = Object.keys(results.results);
      return {
        structured: results,
        summary:
          `Intake ${intake_id} is ${results.status}; ${keys.length} result(s)${keys.length ? `: ${keys.join(', ')}` : ''}.` +
          (results.missing.length ? ` Still missing: ${results.missing.join(', ')}.` : ' Nothing missing.'),
      };
    },
  }),

  defineTool<NoArguments>({
    name: 'list_templates',
    title: 'List templates',
    description: () =>
      'The account’s saved intake templates (slug, name, items, settings). Use a slug as create_intake’s template to reuse a standard list of items. Read-only.',
    scope: 'intakes:read',
    rest: { method: 'get', path: '/v1/templates' },
    argumentDescriptions: {},
    output: {
      templates: z.array(z.looseObject({ slug: z.string(), name: z.string(), items: z.array(z.unknown()) })),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(client) {
      const answer = await client.GET('/v1/templates');
      return {
        structured: answer,
        summary: answer.templates.length
          ? `${answer.templates.length} template(s): ${answer.templates.map((each) => `${each.slug} (“${each.name}”, ${each.items.length} items)`).join(', ')}.`
          : 'No templates.',
      };
    },
  }),

  defineTool<Omit<BodyOf<'/v1/webhooks', 'post'>, 'mode'>>({
    name: 'register_webhook',
    title: 'Register a webhook endpoint',
    description: (access) =>
      'Have the service POST signed notifications to a URL when events happen (item.submitted, intake.completed, client.viewed, chase.bounced, intake.stalled, intake.overdue, intake.archived), instead of polling. ' +
      `The endpoint receives the events of ${access.mode} intakes (the key’s mode). The answer holds the signing secret, shown only this once: keep it to verify deliveries.`,
    scope: 'intakes:write',
    rest: {
      method: 'post',
      path: '/v1/webhooks',
      body: ['url', 'events', 'format'],
      omitted: { mode: 'always the key’s own mode (naming the other one is refused)' },
    },
    argumentDescriptions: {
      url: 'Public http(s) URL of the receiver.',
      events: 'The events to receive, each once.',
      format: 'raw (default): the JSON payload; slack, discord: a chat message for an incoming webhook.',
    },
    output: {
      id: z.string(),
      url: z.string(),
      events: z.array(z.string()),
      format: z.string(),
      mode: z.string(),
      secret: z.string(),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    async run(client, args) {
      const endpoint = await client.POST('/v1/webhooks', { body: args });
      return {
        structured: endpoint,
        summary: `Registered ${endpoint.id} (${endpoint.mode}) for ${endpoint.events.join(', ')} at ${endpoint.url}. Signing secret (shown once): ${endpoint.secret}`,
      };
    },
  }),

  defineTool<NoArguments>({
    name: 'get_usage',
    title: 'Get the account’s usage',
    description: () =>
      'This month’s usage of the account against its plan’s quotas: intakes created, storage, SMS. Check it before creating many intakes. Read-only.',
    scope: null,
    rest: { method: 'get', path: '/v1/usage' },
    argumentDescriptions: {},
    output: { period: z.string(), intakes: z.looseObject({ used: z.number(), limit: z.number() }) },
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(client) {
      const usage = await client.GET('/v1/usage');
      return {
        structured: usage,
        summary: `Period ${usage.period}: ${usage.intakes.used} of ${usage.intakes.limit} intakes, ${usage.storage_bytes.used} of ${usage.storage_bytes.limit} bytes of storage.`,
      };
    },
  }),
] as const;

export type ToolName = (typeof TOOLS)[number]['name'];

/** The tools a key is offered: those its scopes allow. */
export function toolsFor(access: KeyAccess): ReadonlyArray<ToolDefinition> {
  return (TOOLS as ReadonlyArray<ToolDefinition>).filter((tool) => tool.scope === null || hasScope(access, tool.scope));
}

/** The tools that change nothing (a read-only key is offered only these). */
export const READ_ONLY_TOOLS: readonly string[] = TOOLS.filter((tool) => tool.annotations.readOnlyHint).map(
  (tool) => tool.name,
);
