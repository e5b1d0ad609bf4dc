import type { components } from '@intake/sdk-types';
import { ApiFailure } from '../api/failures';
import { type MessageKey } from '../i18n/catalogues/en';

type Account = components['schemas']['AccountView'];
export type AccountPatch = components['schemas']['UpdateAccountRequest'];

/** The notification switches of the account, in the order the page shows them. */
export const NOTIFICATION_FIELDS = [
  'notify_on_completed',
  'notify_on_stalled',
  'notify_on_overdue',
  'notify_on_bounced',
  'notify_members',
] as const;
export type NotificationField = (typeof NOTIFICATION_FIELDS)[number];

/** What the settings form edits: every text as typed ('' for none), every switch as is. */
export interface AccountValues extends Record<NotificationField, boolean> {
  name: string;
  sender_name: string;
  default_language: Account['default_language'];
  default_timezone: string;
  send_thank_you: boolean;
  display_name: string;
  accent_color: string;
  logo_url: string;
}

/** The fields a problem can be shown at (the form's own names). */
export type AccountField = 'name' | 'sender_name' | 'default_timezone' | 'display_name' | 'accent_color' | 'logo_url';
export type AccountProblems = Partial<Record<AccountField, MessageKey>>;

/** The API's limits (UpdateAccountRequest: name and sender name at most 120 characters). */
export const NAME_MAX = 120;
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export function valuesOf(account: Account): AccountValues {
  return {
    name: account.name,
    sender_name: account.sender_name ?? '',
    default_language: account.default_language,
    default_timezone: account.default_timezone,
    send_thank_you: account.send_thank_you,
    notify_on_completed: account.notify_on_completed,
    notify_on_stalled: account.notify_on_stalled,
    notify_on_overdue: account.notify_on_overdue,
    notify_on_bounced: account.notify_on_bounced,
    notify_members: account.notify_members,
    display_name: account.branding?.display_name ?? '',
    accent_color: account.branding?.accent_color ?? '',
    logo_url: account.branding?.logo_url ?? '',
  };
}

const orNull = (text: string): string | null => (text.trim() ? text.trim() : null);

function brandingOf(values: AccountValues): AccountPatch['branding'] {
  const branding = {
    display_name: orNull(values.display_name),
    accent_color: orNull(values.accent_color)?.toLowerCase() ?? null,
    logo_url: orNull(values.logo_url),
  };
  return Object.values(branding).every((value) => value === null) ? null : branding;
}

/**
 * PATCH /v1/account's body: only what changed from `initial` (the API refuses an empty one with
 * 400 no_fields, so an empty object means there is nothing to save). A cleared sender name is
 * null; the branding goes as a whole (the API replaces it), null when every field is empty.
 */
export function patchOf(initial: AccountValues, values: AccountValues): AccountPatch {
  const patch: AccountPatch = {};
  if (values.name.trim() !== initial.name.trim()) patch.name = values.name.trim();
  if (orNull(values.sender_name) !== orNull(initial.sender_name)) patch.sender_name = orNull(values.sender_name);
  if (values.default_language !== initial.default_language) patch.default_language = values.default_language;
  if (values.default_timezone !== initial.default_timezone) patch.default_timezone = values.default_timezone;
  for (const field of [...NOTIFICATION_FIELDS, 'send_thank_you'] as const)
    if (values[field] !== initial[field]) patch[field] = values[field];
  if (JSON.stringify(brandingOf(values)) !== JSON.stringify(brandingOf(initial))) patch.branding = brandingOf(values);
  return patch;
}

/** What the form says before sending (the API has the last word, and its answer is shown the same way). */
export function accountProblems(values: AccountValues): AccountProblems {
  const problems: AccountProblems = {};
  if (!values.name.trim()) problems.name = 'form.required';
  else if (values.name.trim().length > NAME_MAX) problems.name = 'settings.too_long';
  if (values.sender_name.trim().length > NAME_MAX) problems.sender_name = 'settings.too_long';
  if (values.accent_color.trim() && !HEX_COLOUR.test(values.accent_color.trim()))
    problems.accent_color = 'settings.accent_color_invalid';
  if (values.logo_url.trim() && !values.logo_url.trim().startsWith('https://'))
    problems.logo_url = 'settings.logo_url_invalid';
  return problems;
}

/** Each field the API's answer names in `details` (paths such as `sender_name`, `branding.accent_color`). */
const FIELD_OF_PATH: Readonly<Record<string, AccountField>> = {
  name: 'name',
  sender_name: 'sender_name',
  default_timezone: 'default_timezone',
  'branding.display_name': 'display_name',
  'branding.accent_color': 'accent_color',
  'branding.logo_url': 'logo_url',
};

const KEY_OF_FIELD: Readonly<Record<AccountField, MessageKey>> = {
  name: 'settings.name_invalid',
  sender_name: 'settings.sender_name_invalid',
  default_timezone: 'settings.timezone_invalid',
  display_name: 'settings.display_name_invalid',
  accent_color: 'settings.accent_color_invalid',
  logo_url: 'settings.logo_url_invalid',
};

/**
 * The API's field problems (a 422's `details`) at the form's fields, each as a sentence of the
 * catalogue (the API's own messages are English). Paths the form has no field for are left out:
 * the page shows the envelope's sentence for those.
 */
export function problemsOfFailure(failure: unknown): AccountProblems {
  if (!(failure instanceof ApiFailure)) return {};
  const problems: AccountProblems = {};
  for (const { path } of failure.envelope?.details ?? []) {
    const field = FIELD_OF_PATH[path];
    if (field) problems[field] = KEY_OF_FIELD[field];
  }
  return problems;
}
