import type { ErrorDetail } from '@intake/errors';
import { codePointLength, indexPath } from './detail-paths';
import type { Constraints, ItemDefinition } from './item-definition';
import { ITEM_LIMITS } from './item-type-rules';
import { isFileType } from './item-types';
import { compileItemPattern, isPatternRefusal } from './item-pattern';
import { validateStructuredValue } from './structured-schema';

/**
 * The detail for a value whose item holds a pattern RE2 cannot run: one stored before patterns were
 * checked for it (ADR 0012). Such a pattern is never run on a backtracking engine and never
 * skipped: the value is refused until the owner changes the pattern, which any change to the item
 * requires (parseItemDefinition refuses the stored pattern).
 */
export const UNCHECKABLE_PATTERN_MESSAGE =
  "cannot be checked: the item's pattern is no longer supported, and the owner must change it";

/**
 * Checks a submitted value (or an owner's answer to a decision item) against its definition.
 * Returns one detail per offending field; an empty array means the value is acceptable. Values are
 * checked as sent, never coerced ("42" is not a number): normalising is the caller's choice.
 */
export function validateItemValue(definition: ItemDefinition, value: unknown, path = 'value'): ErrorDetail[] {
  const { type, constraints } = definition;
  if (isFileType(type)) return [{ path, message: 'files are uploaded, not sent as a value' }];
  // Clearing an answer is not a submission, so even an optional item's value must be present.
  if (value === undefined || value === null) return [{ path, message: 'is required' }];

  switch (type) {
    case 'text':
    case 'longtext':
    case 'secret':
      return validateText(definition, value, path);
    case 'email':
      return fail(path, emailError(value));
    case 'url':
      return fail(path, urlError(value));
    case 'number':
      return fail(path, typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number');
    case 'date':
      return fail(path, dateError(value));
    case 'boolean':
      return fail(path, typeof value === 'boolean' ? undefined : 'must be true or false');
    case 'select': {
      const options = requireOptions(definition);
      if (typeof value !== 'string') return fail(path, 'must be a string');
      return fail(path, options.includes(value) ? undefined : 'must be one of the options');
    }
    case 'multiselect':
      return validateMultiselectChoices(requireOptions(definition), constraints, value, path);
    case 'structured': {
      if (!definition.schema) throw new RangeError(`structured item ${definition.key} has no schema`);
      return validateStructuredValue(definition.schema, value, path);
    }
  }
}

function fail(path: string, message: string | undefined): ErrorDetail[] {
  return message === undefined ? [] : [{ path, message }];
}

/** A decision item without options cannot come out of parseItemDefinition; reaching one is a bug. */
function requireOptions(definition: ItemDefinition): string[] {
  if (!definition.options) throw new RangeError(`${definition.type} item ${definition.key} has no options`);
  return definition.options;
}

function validateText(definition: ItemDefinition, value: unknown, path: string): ErrorDetail[] {
  if (typeof value !== 'string') return fail(path, 'must be a string');
  if (value.trim() === '') return fail(path, 'must not be blank');
  if (definition.type === 'text' && /[\r\n]/.test(value)) return fail(path, 'must be a single line');
  const defaults = ITEM_LIMITS.defaultMaxChars;
  const maxChars =
    definition.constraints.max_chars ??
    (definition.type === 'text' ? defaults.text : definition.type === 'secret' ? defaults.secret : defaults.longtext);
  if (codePointLength(value) > maxChars) return fail(path, `must not be longer than ${maxChars} characters`);
  if (definition.pattern !== null) {
    const pattern = compileItemPattern(definition.pattern);
    if (isPatternRefusal(pattern)) return fail(path, UNCHECKABLE_PATTERN_MESSAGE);
    // The message never quotes the value or the pattern: for a secret item the value is the secret.
    if (!pattern.test(value)) return fail(path, 'does not match the required pattern');
  }
  return [];
}

/**
 * Local part and domain as people actually type them: no quoted local parts or IP-literal domains,
 * and an internationalised domain must arrive in its ASCII (punycode) form.
 */
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

function emailError(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  if (codePointLength(value) > ITEM_LIMITS.emailMaxChars) {
    return `must not be longer than ${ITEM_LIMITS.emailMaxChars} characters`;
  }
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  const topLevel = labels[labels.length - 1] ?? '';
  const valid =
    at > 0 &&
    local.length <= 64 &&
    EMAIL_LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/.test(topLevel);
  return valid ? undefined : 'must be an e-mail address';
}

function urlError(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  if (value.length > ITEM_LIMITS.urlMaxChars) return `must not be longer than ${ITEM_LIMITS.urlMaxChars} characters`;
  // The URL parser silently strips surrounding space and tabs; a stored answer should be the link as typed.
  if (/\s/.test(value)) return 'must be an absolute http or https URL';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute http or https URL';
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    return 'must be an absolute http or https URL';
  }
  // Credentials in a link end up in logs, e-mails and webhook payloads; a secret item is the place for them.
  if (url.username !== '' || url.password !== '') return 'must not contain a user name or password';
  return undefined;
}

function dateError(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return 'must be a date in YYYY-MM-DD form';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return 'is not a real calendar date';
  }
  return undefined;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * A multiselect answer (or proposal): distinct options, between min_count (default 1) and max_count
 * (default: every option) of them.
 */
export function validateMultiselectChoices(
  options: readonly string[],
  constraints: Constraints,
  value: unknown,
  path: string,
): ErrorDetail[] {
  if (!Array.isArray(value)) return fail(path, 'must be an array of options');
  const details: ErrorDetail[] = [];
  const firstIndexOf = new Map<string, number>();
  value.forEach((choice: unknown, index) => {
    const at = indexPath(path, index);
    const first = typeof choice === 'string' ? firstIndexOf.get(choice) : undefined;
    if (typeof choice !== 'string') details.push({ path: at, message: 'must be a string' });
    else if (!options.includes(choice)) details.push({ path: at, message: 'must be one of the options' });
    else if (first !== undefined) details.push({ path: at, message: `duplicates ${indexPath(path, first)}` });
    else firstIndexOf.set(choice, index);
  });
  const minCount = constraints.min_count ?? 1;
  const maxCount = constraints.max_count ?? options.length;
  if (value.length < minCount) details.push({ path, message: `must contain at least ${choices(minCount)}` });
  else if (value.length > maxCount) details.push({ path, message: `must contain at most ${choices(maxCount)}` });
  return details;
}

function choices(count: number): string {
  return count === 1 ? '1 choice' : `${count} choices`;
}
