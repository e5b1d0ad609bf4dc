import type { components } from '@intake/sdk-types';
import { type Item } from './item-actions';

export type ItemFile = components['schemas']['FileView'];

/** How an item's submitted value is shown, by its type and shape. */
export type ValueView =
  | { kind: 'none' }
  | { kind: 'secret' }
  | { kind: 'files'; files: ItemFile[] }
  | { kind: 'text'; text: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'choices'; choices: string[] }
  | { kind: 'table'; columns: string[]; rows: string[][] };

const FILE_TYPES: ReadonlySet<Item['type']> = new Set(['file', 'file_list', 'image']);

/** A cell of a table: text as it is, anything else as compact JSON. */
export const cellText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The value of `item` to show: a secret never (it is revealed on its own), uploads as files,
 * choices as a list, structured data as a table (an object: one row per field; a list of
 * objects: one row each, columns in order of appearance), the rest as text.
 */
export function valueView(item: Item): ValueView {
  if (item.type === 'secret') return { kind: 'secret' };
  if (FILE_TYPES.has(item.type)) return item.files?.length ? { kind: 'files', files: item.files } : { kind: 'none' };
  const value = item.value;
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return { kind: 'none' };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (item.type === 'select' || item.type === 'multiselect')
    return { kind: 'choices', choices: (Array.isArray(value) ? value : [value]).map(cellText) };
  if (isRecord(value))
    return { kind: 'table', columns: [], rows: Object.entries(value).map(([k, v]) => [k, cellText(v)]) };
  if (Array.isArray(value)) {
    if (value.every(isRecord)) {
      const columns = [...new Set(value.flatMap((row) => Object.keys(row)))];
      return { kind: 'table', columns, rows: value.map((row) => columns.map((column) => cellText(row[column]))) };
    }
    return { kind: 'choices', choices: value.map(cellText) };
  }
  return { kind: 'text', text: String(value) };
}

/** A file the API serves (antivirus scan passed); pending or infected ones cannot be opened. */
export const isServable = (file: ItemFile): boolean => file.av_status === 'clean';

/** An image the browser can show as a thumbnail. */
export const isPreviewable = (file: ItemFile): boolean =>
  isServable(file) && /^image\/(png|jpeg|gif|webp|avif|svg\+xml)$/.test(file.mime);

/** The file route: 302 to a URL signed for 24 hours (the session's cookie goes along, same origin). */
export const fileHref = (intakeId: string, key: string, fileId: string): string =>
  `/v1/intakes/${encodeURIComponent(intakeId)}/items/${encodeURIComponent(key)}/files/${encodeURIComponent(fileId)}`;
