/**
 * The page's words in the client's language: the message catalogue the server embeds in the page
 * (src/lib/catalogues, one file per language) and `Intl` for plurals, numbers, sizes and
 * dates.
 */

import { type Catalogue, formatMessage, type Params } from '@intake/domain-messages';

/** The catalogue the server embeds in the page; messages are formatted as in the e-mails. */
export type Messages = Catalogue;
export type { Params };

export interface Text {
  /** Whether the catalogue has the key (for keys built from a value of the API). */
  has(key: string): boolean;
  /** The message, with `{name}` placeholders filled (numbers formatted); the key itself if unknown. */
  t(key: string, params?: Params): string;
  /** A file size in SI units (1 MB = 1,000,000 bytes), as their names say. */
  bytes(size: unknown): string;
  /** A `YYYY-MM-DD` calendar day, written out (the same day in every time zone). */
  calendarDay(iso: string | null | undefined): string;
  /** A point in time, in the browser's time zone; empty when it is not a date. */
  moment(iso: string | null | undefined): string;
  /** `A, B or C` */
  either(values: readonly string[]): string;
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
const UNIT_SYMBOLS = ['B', 'KB', 'MB', 'GB'] as const;

export function createText(messages: Messages, lang: string): Text {
  const has = (key: string) => Object.prototype.hasOwnProperty.call(messages, key);

  function t(key: string, params: Params = {}): string {
    return formatMessage(has(key) ? (messages[key] ?? key) : key, params, lang);
  }

  function bytes(size: unknown): string {
    let value = Number(size) || 0;
    let unit = 0;
    while (value >= 1000 && unit < UNITS.length - 1) {
      value /= 1000;
      unit += 1;
    }
    const digits = { maximumFractionDigits: unit === 0 ? 0 : 1 };
    try {
      return new Intl.NumberFormat(lang, {
        style: 'unit',
        unit: UNITS[unit],
        unitDisplay: unit === 0 ? 'long' : 'short',
        ...digits,
      }).format(value);
    } catch {
      return new Intl.NumberFormat(lang, digits).format(value) + ' ' + UNIT_SYMBOLS[unit];
    }
  }

  function calendarDay(iso: string | null | undefined): string {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso || '');
    if (!m) return String(iso || '');
    const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  }

  function moment(iso: string | null | undefined): string {
    const date = new Date(iso ?? '');
    return isNaN(date.getTime())
      ? ''
      : new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }

  function either(values: readonly string[]): string {
    try {
      return new Intl.ListFormat(lang, { type: 'disjunction' }).format(values);
    } catch {
      return values.join(', ');
    }
  }

  return { has, t, bytes, calendarDay, moment, either };
}
