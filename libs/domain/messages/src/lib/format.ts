import { type Catalogue, COUNT_PARAM, type Message, type Params, type ParamValue } from './message';

export interface FormatOptions {
  /** The zone a `Date` parameter's day is read in (default UTC: a calendar day at midnight UTC). */
  timeZone?: string;
}

// Intl objects are costly to build and immutable: one per language (and zone) for the process.
const cache = new Map<string, Intl.PluralRules | Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.PluralRules | Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (!value) {
    value = make();
    cache.set(key, value);
  }
  return value;
}
const pluralRules = (language: string) => cached(`p:${language}`, () => new Intl.PluralRules(language));
const numberFormat = (language: string) => cached(`n:${language}`, () => new Intl.NumberFormat(language));
const dateFormat = (language: string, timeZone: string) =>
  cached(`d:${language}:${timeZone}`, () => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone }));

/** The text of a message for a count: the form Intl.PluralRules picks, else `other`. */
export function pickForm(message: Message, count: number, language: string): string {
  if (typeof message === 'string') return message;
  return message[pluralRules(language).select(count)] || message.other;
}

/** A number the language's way (`1,200` in English, `1.200` in German, `1 200` in Czech). */
export const formatNumber = (value: number, language: string): string => numberFormat(language).format(value);

function formatParam(value: Exclude<ParamValue, null | undefined>, language: string, timeZone: string): string {
  if (typeof value === 'number') return formatNumber(value, language);
  if (value instanceof Date) return isNaN(value.getTime()) ? '' : dateFormat(language, timeZone).format(value);
  return value;
}

/**
 * A message in words: the plural form for the count `{n}` (zero when `n` is not a number), every
 * `{name}` replaced by its parameter (numbers and dates written for the language); a placeholder
 * without a value stays as it is, so a missing parameter shows rather than vanishes.
 */
export function formatMessage(message: Message, params: Params, language: string, options: FormatOptions = {}): string {
  const count = params[COUNT_PARAM];
  const text = pickForm(message, typeof count === 'number' ? count : 0, language);
  return text.replace(/\{(\w+)\}/g, (all, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? all : formatParam(value, language, options.timeZone ?? 'UTC');
  });
}

/**
 * A `YYYY-MM-DD` calendar day written out for the language (`31. März 2027`), the same day in
 * every time zone; anything that is not a real day comes back as it was given.
 */
export function formatCalendarDay(day: string, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = new Date(Date.UTC(year, month - 1, date));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== date) return day;
  return dateFormat(language, 'UTC').format(utc);
}

/** `t(key, params)` over one catalogue in one language. */
export type Translate<K extends string> = (key: K, params?: Params) => string;

export function translator<K extends string>(
  catalogue: Catalogue<K>,
  language: string,
  options?: FormatOptions,
): Translate<K> {
  return (key, params = {}) => formatMessage(catalogue[key], params, language, options);
}
