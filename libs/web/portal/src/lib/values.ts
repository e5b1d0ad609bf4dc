/**
 * Reading answers from form controls before they are sent: what is empty or not a number is
 * reported (as a catalogue key) next to the field, and error paths are matched to fields.
 */
import type { ItemType } from './types';

/** Takes the catalogue key of what is wrong with a value. */
export type Report = (key: string) => void;

const TRIMMED: readonly ItemType[] = ['email', 'url', 'date', 'number'];

/** An address without a scheme gets https://, as browsers do. */
export const withScheme = (url: string): string => (/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : 'https://' + url);

/** A number, or an integer; what is not one is reported and still returned (the API says more). */
export function readNumber(raw: string, integer: boolean, report: Report): number {
  const n = Number(raw);
  if (!isFinite(n) || (integer && !Number.isInteger(n))) report(integer ? 'err_integer' : 'err_number');
  return n;
}

/** The answer of a text, longtext, secret, e-mail, URL, number or date item; empty is reported. */
export function readTextAnswer(type: ItemType, input: string, report: Report): string | number | null {
  const raw = TRIMMED.includes(type) ? input.trim() : input;
  if (raw.trim() === '') {
    report(type === 'number' ? 'err_number' : 'err_required');
    return null;
  }
  if (type === 'number') return readNumber(raw, false, report);
  return type === 'url' ? withScheme(raw) : raw;
}

/** A scalar field of a structured item (schema type string, number or integer); null when left empty. */
export function readScalar(type: string, raw: string, report: Report): string | number | null {
  if (raw.trim() === '') return null;
  return type === 'string' ? raw : readNumber(raw, type === 'integer', report);
}

/** A list of scalars typed one per line; blank lines are skipped, null when there is none. */
export function readLines(type: string, raw: string, report: Report): (string | number)[] | null {
  const entries = raw
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (!entries.length) return null;
  return type === 'string' ? entries : entries.map((entry) => readNumber(entry, type === 'integer', report));
}

/** Free-form JSON (a structured field the schema does not describe); null when empty or broken. */
export function readJson(raw: string, report: Report): unknown {
  if (raw.trim() === '') return null;
  try {
    return JSON.parse(raw);
  } catch {
    report('err_json');
    return null;
  }
}

/** Characters left under a limit, counted in code points as the API counts them (negative: over). */
export const charsLeft = (value: string, max: number): number => max - Array.from(value).length;

/** The path of a property: `value.name`, or `value["odd name"]` when it is not an identifier. */
export const fieldPath = (path: string, name: string): string =>
  /^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(name) ? path + '.' + name : path + '[' + JSON.stringify(name) + ']';

/** The path one level up (`value.a[2]` → `value.a`); '' at the top. */
export function parentPath(path: string): string {
  const parent = path.replace(/(\.[^.[\]]+|\[[^\]]*\])$/, '');
  return parent === path ? '' : parent;
}

/** The nearest path that has a field: the error of `value.a.b` goes to `value.a` when b has none. */
export function nearestPath(path: string, hasField: (path: string) => boolean): string {
  let nearest = path;
  while (nearest && !hasField(nearest)) nearest = parentPath(nearest);
  return nearest;
}

/** A property name as a label: `opening_hours` → `Opening hours`. */
export function humanize(name: string): string {
  const text = String(name).replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
