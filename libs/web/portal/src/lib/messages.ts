/**
 * What the page says about an item's rules and about a refused request. The API's validation
 * messages are English; the common ones are shown in the client's language, any other as sent.
 */
import type { Detail, Problem } from './api';
import type { Text } from './text';
import type { PortalFile, PortalItem } from './types';

/** A message next to the field its path names (`value`, `value.name`, `value[2]`); '' is the form. */
export interface FieldMessage {
  path: string;
  text: string;
}

/** The API's validation messages and the catalogue key for each; a captured number is `{n}`. */
const DETAIL_MESSAGES: readonly [RegExp, string][] = [
  [/^is required$|^must not be blank$/, 'err_required'],
  [/^must be an e-mail address$/, 'err_email'],
  [/^must be an absolute http or https URL$/, 'err_url'],
  [/^must not contain a user name or password$/, 'err_url_credentials'],
  [/^must be a number$/, 'err_number'],
  [/^must be an integer$/, 'err_integer'],
  [/^must be a single line$/, 'err_single_line'],
  [/^does not match the required pattern$/, 'err_pattern'],
  [/^must be a date in YYYY-MM-DD form$|^is not a real calendar date$/, 'err_date'],
  [/^must not be longer than (\d+) characters$/, 'err_too_long'],
  [/^must contain at least (\d+) choices?$/, 'err_min_choices'],
  [/^must contain at most (\d+) choices?$/, 'err_max_choices'],
  [/^must contain at least (\d+) files?$/, 'err_min_files'],
  [/^must contain at most (\d+) files?$/, 'err_max_files'],
  [/^must contain exactly one file$/, 'err_one_file'],
  [/^must be one of the options$/, 'err_option'],
  [/^must be one of (.+)$/, 'err_one_of'],
  [/^must not be larger than (\d+) bytes$|^is larger than (\d+) bytes$/, 'err_too_large'],
  [/^must be at least (\d+) pixels$/, 'err_too_narrow'],
  [/^must have a transparent background$/, 'err_transparent'],
  [/^must be an image$/, 'err_not_image'],
  [/^must not be empty$/, 'err_empty_file'],
  [/^could not be measured$/, 'err_unmeasured'],
  [/^failed the virus scan/, 'err_infected'],
  [/^cannot be added: the item takes at most (\d+) files$/, 'err_max_files'],
];

/** One validation message of the API in the client's language (as sent when it is not a known one). */
export function explain({ t, bytes }: Text, message: unknown): string {
  const text = String(message || '');
  for (const [pattern, key] of DETAIL_MESSAGES) {
    const m = pattern.exec(text);
    if (!m) continue;
    if (key === 'err_too_large') return t(key, { size: bytes(Number(m[1] || m[2])) });
    return t(key, { n: Number(m[1]), list: m[1] });
  }
  return text;
}

/** One sentence for a refused request that names no field. */
export function problemText(text: Text, problem: Problem): string {
  const { t, bytes } = text;
  const { status, reason, params, details } = problem;
  if (status === 0) return t('error_network');
  if (reason === 'intake_archived') return t('archived_notice');
  if (reason === 'file.too_large' && params['max_bytes'])
    return t('err_too_large', { size: bytes(params['max_bytes']) });
  if (reason === 'item_approved' || reason === 'item_waived') return t('err_' + reason);
  if (reason === 'storage') return t('err_storage');
  if (status === 404) return t('error_gone');
  if (status === 429) return t('error_busy');
  if (status >= 500) return t('error_server');
  if (details.length) return details.map((d) => explain(text, d.message)).join(' ');
  return problem.message || t('error_generic');
}

/** A refused write as messages: a 422's details next to their fields, anything else for the form. */
export function problemMessages(
  text: Text,
  problem: Problem,
  detailText: (detail: Detail) => string = (d) => explain(text, d.message),
): FieldMessage[] {
  return problem.status === 422 && problem.details.length
    ? problem.details.map((d) => ({ path: d.path ?? '', text: detailText(d) }))
    : [{ path: '', text: problemText(text, problem) }];
}

/** A file item's 422 detail (`files[1]`: …) with the name of the file it is about. */
export function fileDetailText(text: Text, files: readonly PortalFile[], detail: Detail): string {
  const m = /^files\[(\d+)\]/.exec(detail.path || '');
  const file = m ? files[Number(m[1])] : undefined;
  return (file ? file.filename + ': ' : '') + explain(text, detail.message);
}

/** The item's rules in words, shown under its label. */
export function hintsOf({ t, bytes, either }: Text, item: PortalItem): string[] {
  const c = item.constraints || {};
  const hints: string[] = [];
  if (c.formats?.length) hints.push(t('hint_formats', { list: either(c.formats.map((f) => String(f).toUpperCase())) }));
  if (c.max_bytes) hints.push(t('hint_max_bytes', { size: bytes(c.max_bytes) }));
  if (c.min_width) hints.push(t('hint_min_width', { n: c.min_width }));
  if (c.transparent_background) hints.push(t('hint_transparent'));
  if (item.type === 'file_list' || item.type === 'multiselect') {
    const unit = item.type === 'file_list' ? 'hint_files_' : 'hint_choices_';
    const { min_count: min, max_count: max } = c;
    if (min && max) hints.push(min === max ? t(unit + 'exact', { n: min }) : t(unit + 'range', { min, max, n: max }));
    else if (min) hints.push(t(unit + 'min', { n: min }));
    else if (max) hints.push(t(unit + 'max', { n: max }));
  }
  if (item.type === 'secret') hints.push(item.answered ? t('secret_provided') : t('secret_hint'));
  return hints;
}
