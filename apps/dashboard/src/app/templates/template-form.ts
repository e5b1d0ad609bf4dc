import type { components } from '@intake/sdk-types';
import { ApiFailure } from '../api/failures';
import { type MessageKey } from '../i18n/catalogues/en';

export type TemplateBody = components['schemas']['TemplateRequest'];
type ItemType = components['schemas']['ItemDefinitionView']['type'];

/**
 * The item types the form offers: every one but `structured`, whose JSON schema is an API
 * matter (an agent or a program sends it). Select and multiselect ask for options.
 */
export const FORM_ITEM_TYPES = [
  'file',
  'file_list',
  'image',
  'text',
  'longtext',
  'email',
  'url',
  'number',
  'date',
  'boolean',
  'select',
  'multiselect',
  'secret',
] as const satisfies readonly ItemType[];
export type FormItemType = (typeof FORM_ITEM_TYPES)[number];

export const needsOptions = (type: FormItemType): boolean => type === 'select' || type === 'multiselect';

/** The API's limits (TemplateRequest and the item definition's rules). */
export const LIMITS = { nameMax: 100, labelMax: 200, helpMax: 2000, items: 200, options: 100, optionMax: 200 } as const;
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export interface ItemValues {
  label: string;
  /** '' until the owner types one: then the key is made from the label. */
  key: string;
  type: FormItemType;
  required: boolean;
  help: string;
  /** One option a line. */
  options: string;
}

export interface TemplateValues {
  name: string;
  items: ItemValues[];
}

export const emptyItem = (): ItemValues => ({
  label: '',
  key: '',
  type: 'file',
  required: true,
  help: '',
  options: '',
});

/** A key made from a label: `Your logo` → `your_logo`, `Fotky z akce` → `fotky_z_akce`; at most 64 characters. */
export function keyOf(label: string): string {
  return label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64)
    .replace(/_+$/, '');
}

/** The key an item goes with: the typed one, else the label's. */
export const itemKey = (item: ItemValues): string => item.key.trim() || keyOf(item.label);

const optionsOf = (text: string): string[] =>
  text
    .split('\n')
    .map((option) => option.trim())
    .filter(Boolean);

export type ItemField = 'label' | 'key' | 'options' | 'help';
export interface TemplateProblems {
  name?: MessageKey;
  /** One entry per item: its fields' problems. */
  items: Partial<Record<ItemField, MessageKey>>[];
  /** Something about the template as a whole (no items). */
  form?: MessageKey;
}

export const hasProblems = (problems: TemplateProblems): boolean =>
  Boolean(problems.name || problems.form || problems.items.some((item) => Object.keys(item).length > 0));

/** What the form says before sending; the API has the last word (its field problems are shown the same way). */
export function templateProblems(values: TemplateValues): TemplateProblems {
  const seen = new Set<string>();
  const items = values.items.map((item) => {
    const found: Partial<Record<ItemField, MessageKey>> = {};
    if (!item.label.trim()) found.label = 'form.required';
    else if (item.label.trim().length > LIMITS.labelMax) found.label = 'templates.too_long';
    const key = itemKey(item);
    if (!KEY_PATTERN.test(key)) found.key = 'templates.key_invalid';
    else if (seen.has(key)) found.key = 'templates.key_duplicate';
    seen.add(key);
    if (item.help.trim().length > LIMITS.helpMax) found.help = 'templates.too_long';
    if (needsOptions(item.type)) {
      const options = optionsOf(item.options);
      if (options.length === 0) found.options = 'templates.options_required';
      else if (new Set(options).size !== options.length) found.options = 'templates.options_duplicate';
      else if (options.length > LIMITS.options || options.some((option) => option.length > LIMITS.optionMax))
        found.options = 'templates.too_long';
    }
    return found;
  });
  const problems: TemplateProblems = { items };
  const name = values.name.trim();
  if (!name) problems.name = 'form.required';
  else if (name.length > LIMITS.nameMax) problems.name = 'templates.too_long';
  if (values.items.length === 0) problems.form = 'templates.no_items';
  return problems;
}

/** POST /v1/templates's body for the form's values (keys made from labels where none was typed). */
export function templateBodyOf(values: TemplateValues): TemplateBody {
  return {
    name: values.name.trim(),
    items: values.items.map((item) => ({
      key: itemKey(item),
      type: item.type,
      label: item.label.trim(),
      required: item.required,
      ...(item.help.trim() ? { help: item.help.trim() } : {}),
      ...(needsOptions(item.type) ? { options: optionsOf(item.options) } : {}),
    })),
  };
}

const ITEM_PATH = /^items\[(\d+)\]\.(label|key|options|help)(?:\[\d+\])?$/;

/** The API's field problems (a 422's `details`, paths such as `items[1].key`) at the form's fields. */
export function problemsOfFailure(failure: unknown, itemCount: number): TemplateProblems {
  const problems: TemplateProblems = { items: Array.from({ length: itemCount }, () => ({})) };
  if (!(failure instanceof ApiFailure)) return problems;
  for (const { path } of failure.envelope?.details ?? []) {
    if (path === 'name') problems.name = 'templates.name_invalid';
    const match = ITEM_PATH.exec(path);
    const item = match ? problems.items[Number(match[1])] : undefined;
    if (match && item) item[match[2] as ItemField] = 'templates.field_invalid';
  }
  return problems;
}
