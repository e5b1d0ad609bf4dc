import type { components } from '@intake/sdk-types';
import { type ErrorEnvelope } from '../../api/failures';
import { briefOf, briefTextProblem } from '../brief/brief';
import { definitionOf, type ItemDraft, type ItemField, type Problem } from './item-builder';

/**
 * The new-intake form apart from its items: the project, the client, the chase settings and the
 * invitation's copy; their checks before sending (the API's rules from the served OpenAPI document:
 * CreateIntakeRequest), the request body, and an API refusal's `details` mapped back onto fields.
 */

export type CreateIntakeRequest = components['schemas']['CreateIntakeRequest'];
export type ClientLanguage = NonNullable<CreateIntakeRequest['client']['language']>;
export type ChaseSchedule = NonNullable<CreateIntakeRequest['chase_schedule']>;
export type IntervalUnit = NonNullable<CreateIntakeRequest['chase_interval_unit']>;

export const CLIENT_LANGUAGES = ['en', 'cs', 'sk', 'pl', 'de', 'es'] as const satisfies readonly ClientLanguage[];
export const CHASE_SCHEDULES = [
  'default',
  'gentle',
  'aggressive',
  'custom',
  'off',
] as const satisfies readonly ChaseSchedule[];
export const INTERVAL_UNITS = ['minutes', 'hours', 'days'] as const satisfies readonly IntervalUnit[];

export const FORM_LIMITS = {
  projectNameMaxChars: 200,
  clientNameMaxChars: 200,
  recipientsMax: 4,
  subjectMaxChars: 200,
  introMaxChars: 2_000,
  maxRemindersMax: 1_000,
  intervalMinutesMin: 5,
  intervalMinutesMax: 90 * 1440,
  e164: /^\+[1-9]\d{6,14}$/,
  hhmm: /^([01]\d|2[0-3]):[0-5]\d$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
} as const;

const MINUTES_PER: Record<IntervalUnit, number> = { minutes: 1, hours: 60, days: 1440 };
/** A deliberately loose shape check; the API has the last word. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface Recipient {
  id: string;
  email: string;
  name: string;
}

export interface IntakeFormValues {
  projectName: string;
  clientEmail: string;
  clientName: string;
  clientPhone: string;
  clientLanguage: ClientLanguage | '';
  clientTimezone: string;
  alsoNotify: Recipient[];
  dueDate: string;
  schedule: ChaseSchedule;
  interval: string;
  intervalUnit: IntervalUnit;
  respectQuietHours: boolean;
  /** Empty means the API's default (3). */
  maxReminders: string;
  unlimitedReminders: boolean;
  chaseAtTime: string;
  subject: string;
  intro: string;
  folderId: string;
  /** The client brief: shown at the top of the portal. */
  clientBrief: string;
}

export const emptyForm = (): IntakeFormValues => ({
  projectName: '',
  clientEmail: '',
  clientName: '',
  clientPhone: '',
  clientLanguage: '',
  clientTimezone: '',
  alsoNotify: [],
  dueDate: '',
  schedule: 'default',
  interval: '3',
  intervalUnit: 'days',
  respectQuietHours: true,
  maxReminders: '',
  unlimitedReminders: false,
  chaseAtTime: '',
  subject: '',
  intro: '',
  folderId: '',
  clientBrief: '',
});

/** A field of the form: a top-level name, or `also_notify.<index>.email|name`. */
export type FormField =
  | 'project_name'
  | 'client.email'
  | 'client.name'
  | 'client.phone'
  | 'client.language'
  | 'client.timezone'
  | 'client.also_notify'
  | `client.also_notify.${number}.email`
  | `client.also_notify.${number}.name`
  | 'due_date'
  | 'chase_schedule'
  | 'chase_interval'
  | 'max_reminders'
  | 'chase_at_time'
  | 'email_copy.subject'
  | 'email_copy.intro'
  | 'folder_id'
  | 'client_brief';

export type FormProblems = Partial<Record<FormField, Problem>>;

const length = (value: string): number => [...value].length;
const wholeNumber = (value: string): number | undefined =>
  /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;

/** Whether the browser knows the time zone (the API checks against the IANA database too). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The interval in minutes, or undefined when it is not a whole number. */
export function intervalMinutes(values: Pick<IntakeFormValues, 'interval' | 'intervalUnit'>): number | undefined {
  const n = wholeNumber(values.interval);
  return n === undefined ? undefined : n * MINUTES_PER[values.intervalUnit];
}

/**
 * What is wrong with the form apart from its items (an empty object: nothing): a project name and
 * a client's name (at most 200 characters) and e-mail; an E.164 phone; a known time zone; at most
 * 4 additional recipients, each with an e-mail, none twice; a custom interval from 5 minutes to
 * 90 days; chase_at_time HH:MM only with a custom whole-day interval; max_reminders 1 to 1000;
 * subject at most 200 and intro at most 2000 characters; the client brief at most 5000.
 */
export function formProblems(values: IntakeFormValues): FormProblems {
  const problems: FormProblems = {};
  const project = values.projectName.trim();
  if (project === '') problems.project_name = { key: 'form.required' };
  else if (length(project) > FORM_LIMITS.projectNameMaxChars) {
    problems.project_name = { key: 'new_intake.problem.too_long', params: { n: FORM_LIMITS.projectNameMaxChars } };
  }

  const email = values.clientEmail.trim();
  if (email === '') problems['client.email'] = { key: 'form.required' };
  else if (!EMAIL.test(email)) problems['client.email'] = { key: 'form.email_invalid' };
  const name = values.clientName.trim();
  if (name === '') problems['client.name'] = { key: 'form.required' };
  else if (length(name) > FORM_LIMITS.clientNameMaxChars) {
    problems['client.name'] = { key: 'new_intake.problem.too_long', params: { n: FORM_LIMITS.clientNameMaxChars } };
  }
  if (values.clientPhone.trim() !== '' && !FORM_LIMITS.e164.test(values.clientPhone.trim())) {
    problems['client.phone'] = { key: 'new_intake.problem.phone' };
  }
  if (values.clientTimezone.trim() !== '' && !isTimeZone(values.clientTimezone.trim())) {
    problems['client.timezone'] = { key: 'new_intake.problem.timezone' };
  }

  if (values.alsoNotify.length > FORM_LIMITS.recipientsMax) {
    problems['client.also_notify'] = {
      key: 'new_intake.problem.recipients_many',
      params: { n: FORM_LIMITS.recipientsMax },
    };
  }
  const seen = [email.toLowerCase()];
  values.alsoNotify.forEach((recipient, index) => {
    const address = recipient.email.trim();
    if (address === '') problems[`client.also_notify.${index}.email`] = { key: 'form.required' };
    else if (!EMAIL.test(address)) problems[`client.also_notify.${index}.email`] = { key: 'form.email_invalid' };
    else if (seen.includes(address.toLowerCase())) {
      problems[`client.also_notify.${index}.email`] = { key: 'new_intake.problem.recipient_repeated' };
    }
    seen.push(address.toLowerCase());
    if (length(recipient.name.trim()) > FORM_LIMITS.clientNameMaxChars) {
      problems[`client.also_notify.${index}.name`] = {
        key: 'new_intake.problem.too_long',
        params: { n: FORM_LIMITS.clientNameMaxChars },
      };
    }
  });

  if (values.dueDate !== '' && !FORM_LIMITS.date.test(values.dueDate))
    problems.due_date = { key: 'new_intake.problem.date' };

  const custom = values.schedule === 'custom';
  const minutes = intervalMinutes(values);
  if (custom) {
    if (minutes === undefined || minutes < FORM_LIMITS.intervalMinutesMin || minutes > FORM_LIMITS.intervalMinutesMax) {
      problems.chase_interval = { key: 'new_intake.problem.interval' };
    }
  }
  // The time of day is asked (and sent) with a custom schedule only.
  if (custom && values.chaseAtTime !== '') {
    if (!FORM_LIMITS.hhmm.test(values.chaseAtTime)) problems.chase_at_time = { key: 'new_intake.problem.time' };
    else if (minutes === undefined || minutes % 1440 !== 0) {
      problems.chase_at_time = { key: 'new_intake.problem.at_time_whole_days' };
    }
  }
  if (!values.unlimitedReminders && values.maxReminders.trim() !== '') {
    const n = wholeNumber(values.maxReminders);
    if (n === undefined || n < 1 || n > FORM_LIMITS.maxRemindersMax) {
      problems.max_reminders = { key: 'new_intake.problem.whole_number', params: { max: FORM_LIMITS.maxRemindersMax } };
    }
  }

  if (length(values.subject.trim()) > FORM_LIMITS.subjectMaxChars) {
    problems['email_copy.subject'] = { key: 'new_intake.problem.too_long', params: { n: FORM_LIMITS.subjectMaxChars } };
  }
  if (length(values.intro.trim()) > FORM_LIMITS.introMaxChars) {
    problems['email_copy.intro'] = { key: 'new_intake.problem.too_long', params: { n: FORM_LIMITS.introMaxChars } };
  }
  const brief = briefTextProblem(values.clientBrief);
  if (brief) problems.client_brief = brief;
  return problems;
}

/** The POST /v1/intakes body: trimmed, optional fields left out when empty (the API's or the template's defaults apply). */
export function createRequestOf(
  values: IntakeFormValues,
  items: readonly ItemDraft[],
  send: boolean,
): CreateIntakeRequest {
  const client: CreateIntakeRequest['client'] = { email: values.clientEmail.trim(), name: values.clientName.trim() };
  if (values.clientPhone.trim()) client.phone = values.clientPhone.trim();
  if (values.clientLanguage) client.language = values.clientLanguage;
  if (values.clientTimezone.trim()) client.timezone = values.clientTimezone.trim();
  if (values.alsoNotify.length > 0) {
    client.also_notify = values.alsoNotify.map((recipient) =>
      recipient.name.trim()
        ? { email: recipient.email.trim(), name: recipient.name.trim() }
        : { email: recipient.email.trim() },
    );
  }
  const request: CreateIntakeRequest = {
    project_name: values.projectName.trim(),
    client,
    items: items.map(definitionOf),
    send,
    chase_schedule: values.schedule,
    respect_quiet_hours: values.respectQuietHours,
  };
  if (values.schedule === 'custom') {
    request.chase_interval = wholeNumber(values.interval) ?? Number.NaN;
    request.chase_interval_unit = values.intervalUnit;
    if (values.chaseAtTime) request.chase_at_time = values.chaseAtTime;
  }
  if (values.unlimitedReminders) request.max_reminders = 'unlimited';
  else if (values.maxReminders.trim()) request.max_reminders = wholeNumber(values.maxReminders) ?? Number.NaN;
  if (values.dueDate) request.due_date = values.dueDate;
  const copy: NonNullable<CreateIntakeRequest['email_copy']> = {};
  if (values.subject.trim()) copy.subject = values.subject.trim();
  if (values.intro.trim()) copy.intro = values.intro.trim();
  if (Object.keys(copy).length > 0) request.email_copy = copy;
  if (values.folderId) request.folder_id = values.folderId;
  const brief = briefOf(values.clientBrief);
  if (brief !== null) request.client_brief = brief;
  return request;
}

type Template = components['schemas']['TemplateView'];

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/**
 * The form with a template's settings filled in (its chase settings and e-mail copy); what the
 * template leaves out is reset to the form's default, so switching templates leaves nothing behind.
 * The project and the client stay as typed.
 */
export function withTemplate(values: IntakeFormValues, template: Template): IntakeFormValues {
  const settings = template.settings;
  const defaults = emptyForm();
  const copy = (settings['email_copy'] ?? {}) as Record<string, unknown>;
  const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);
  const reminders = settings['max_reminders'];
  return {
    ...values,
    schedule: oneOf(CHASE_SCHEDULES, settings['chase_schedule']) ?? defaults.schedule,
    interval: typeof settings['chase_interval'] === 'number' ? String(settings['chase_interval']) : defaults.interval,
    intervalUnit: oneOf(INTERVAL_UNITS, settings['chase_interval_unit']) ?? defaults.intervalUnit,
    respectQuietHours:
      typeof settings['respect_quiet_hours'] === 'boolean'
        ? settings['respect_quiet_hours']
        : defaults.respectQuietHours,
    maxReminders: typeof reminders === 'number' ? String(reminders) : defaults.maxReminders,
    unlimitedReminders: reminders === 'unlimited',
    chaseAtTime: text(settings['chase_at_time'], defaults.chaseAtTime),
    subject: text(copy['subject'], defaults.subject),
    intro: text(copy['intro'], defaults.intro),
  };
}

/** An API detail placed on a field: the item's (by position in the request) or the form's, or none. */
export type DetailTarget =
  | { kind: 'item'; index: number; field: ItemField }
  | { kind: 'form'; field: FormField }
  | { kind: 'none' };

const ITEM_FIELDS: Record<string, ItemField> = {
  key: 'key',
  label: 'label',
  help: 'help',
  type: 'type',
  assignee: 'assignee',
  options: 'options',
  pattern: 'pattern',
  schema: 'schema',
  'constraints.formats': 'formats',
  'constraints.min_width': 'min_width',
  'constraints.max_chars': 'max_chars',
  'constraints.min_count': 'min_count',
  'constraints.max_count': 'max_count',
  'constraints.max_bytes': 'max_bytes',
  'constraints.transparent_background': 'transparent',
};

const FORM_FIELDS: readonly string[] = [
  'project_name',
  'client.email',
  'client.name',
  'client.phone',
  'client.language',
  'client.timezone',
  'client.also_notify',
  'due_date',
  'chase_schedule',
  'chase_interval',
  'chase_interval_unit',
  'max_reminders',
  'chase_at_time',
  'email_copy.subject',
  'email_copy.intro',
  'folder_id',
  'client_brief',
];

/**
 * Where a detail path of the API's (`items[2].constraints.min_count`, `client.also_notify[1].email`,
 * `email_copy.subject`) belongs on this form: the longest known field it starts with.
 */
export function targetOf(path: string): DetailTarget {
  const item = /^items\[(\d+)\](?:\.(.*))?$/.exec(path);
  if (item) {
    const index = Number(item[1]);
    // `options[3]`, `constraints.formats[0]`, `schema.properties.x`: the field before the index or sub-path.
    const rest = (item[2] ?? '').replace(/\[\d+\]/g, '');
    const name = Object.keys(ITEM_FIELDS)
      .filter((field) => rest === field || rest.startsWith(`${field}.`))
      .sort((a, b) => b.length - a.length)[0];
    return name
      ? { kind: 'item', index, field: ITEM_FIELDS[name] as ItemField }
      : { kind: 'item', index, field: 'label' };
  }
  const recipient = /^client\.also_notify\[(\d+)\]\.(email|name)$/.exec(path);
  if (recipient)
    return { kind: 'form', field: `client.also_notify.${Number(recipient[1])}.${recipient[2] as 'email' | 'name'}` };
  const field = path === 'chase_interval_unit' ? 'chase_interval' : path.replace(/\[\d+\].*$/, '');
  if (FORM_FIELDS.includes(field)) return { kind: 'form', field: field as FormField };
  return { kind: 'none' };
}

/** The server's refusal as problems next to fields: those it could place, and whether any detail was left over. */
export function problemsOfRefusal(
  envelope: ErrorEnvelope | null,
  items: readonly ItemDraft[],
): {
  form: FormProblems;
  items: Record<string, Partial<Record<ItemField, Problem>>>;
  placed: number;
  unplaced: number;
} {
  const form: FormProblems = {};
  const byItem: Record<string, Partial<Record<ItemField, Problem>>> = {};
  let placed = 0;
  let unplaced = 0;
  const refused: Problem = { key: 'new_intake.problem.refused' };
  for (const detail of envelope?.details ?? []) {
    const target = targetOf(detail.path);
    const draft = target.kind === 'item' ? items[target.index] : undefined;
    if (target.kind === 'item' && draft) {
      byItem[draft.id] = { ...byItem[draft.id], [target.field]: refused };
      placed += 1;
    } else if (target.kind === 'form') {
      form[target.field] = refused;
      placed += 1;
    } else unplaced += 1;
  }
  return { form, items: byItem, placed, unplaced };
}

/**
 * A fresh Idempotency-Key: 128 random bits as hex. crypto.getRandomValues, unlike randomUUID, also
 * works on a page served over plain http (a dashboard reached by its LAN address).
 */
export function newIdempotencyKey(
  random: (length: number) => ArrayLike<number> = (length) => crypto.getRandomValues(new Uint8Array(length)),
): string {
  return Array.from(random(16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
