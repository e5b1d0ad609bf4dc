import type { components } from '@intake/sdk-types';
import { type MessageKey } from '../../i18n/catalogues/en';

/**
 * The item builder's model: what the owner types for each requested item, the API's rules for an
 * item definition checked before sending (the same limits as the served OpenAPI document and the
 * API's own validation; item-builder.spec.ts holds them against the domain library), and the
 * definition sent in POST /v1/intakes `items`.
 */

type TemplateItem = components['schemas']['ItemDefinitionView'];
export type ItemType = TemplateItem['type'];
export type Assignee = TemplateItem['assignee'];

/** The types SPEC's Item resource names, offered first; the short-value types follow. */
export const ITEM_TYPES = [
  'longtext',
  'image',
  'file',
  'file_list',
  'select',
  'multiselect',
  'structured',
  'secret',
  'text',
  'email',
  'url',
  'number',
  'date',
  'boolean',
] as const satisfies readonly ItemType[];

export const ASSIGNEES = ['client', 'owner'] as const satisfies readonly Assignee[];

/** The constraints and fields each type accepts (any other is refused by the API). */
type NumericConstraint = 'min_width' | 'max_chars' | 'min_count' | 'max_count' | 'max_bytes';
interface TypeRule {
  formats: boolean;
  numbers: readonly NumericConstraint[];
  transparent: boolean;
  pattern: boolean;
  options: boolean;
  schema: boolean;
}
const rule = (fields: Partial<TypeRule>): TypeRule => ({
  formats: false,
  numbers: [],
  transparent: false,
  pattern: false,
  options: false,
  schema: false,
  ...fields,
});
// prettier-ignore
export const TYPE_RULES: Record<ItemType, TypeRule> = {
  image:       rule({ formats: true, numbers: ['min_width', 'max_bytes'], transparent: true }),
  file:        rule({ formats: true, numbers: ['max_bytes'] }),
  file_list:   rule({ formats: true, numbers: ['max_bytes', 'min_count', 'max_count'] }),
  longtext:    rule({ numbers: ['max_chars'], pattern: true }),
  text:        rule({ numbers: ['max_chars'], pattern: true }),
  secret:      rule({ numbers: ['max_chars'], pattern: true }),
  structured:  rule({ schema: true }),
  select:      rule({ options: true }),
  multiselect: rule({ options: true, numbers: ['min_count', 'max_count'] }),
  email:       rule({}),
  url:         rule({}),
  number:      rule({}),
  date:        rule({}),
  boolean:     rule({}),
};

const MIB = 1024 * 1024;

/** The API's limits on an item definition. `max_bytes` is typed in MiB here (5 GiB = 5120 MiB). */
export const LIMITS = {
  keyPattern: /^[a-z0-9][a-z0-9_-]{0,63}$/,
  keyMaxChars: 64,
  labelMaxChars: 200,
  helpMaxChars: 2_000,
  patternMaxChars: 500,
  optionsMax: 100,
  optionMaxChars: 200,
  formatsMax: 20,
  formatPattern: /^[a-z0-9.+-]{1,20}$/,
  itemsMax: 200,
  numbers: { min_width: 20_000, max_chars: 100_000, min_count: 100, max_count: 100, max_bytes: (5 * 1024 ** 3) / MIB },
  schemaDepthMax: 10,
  schemaTypes: ['object', 'array', 'string', 'number', 'integer', 'boolean'],
} as const;

/** One item as the owner edits it: every field as typed (numbers as text), per-type fields kept across type changes. */
export interface ItemDraft {
  /** A local id for lists and labels; never sent. */
  id: string;
  label: string;
  key: string;
  /** Once the owner edits the key it no longer follows the label. */
  keyEdited: boolean;
  type: ItemType;
  required: boolean;
  assignee: Assignee;
  help: string;
  /** One option a line. */
  options: string;
  /** Extensions separated by commas or spaces. */
  formats: string;
  numbers: Record<NumericConstraint, string>;
  transparent: boolean;
  pattern: string;
  /** The structured item's schema as JSON text. */
  schema: string;
}

export const DEFAULT_SCHEMA = JSON.stringify(
  { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  null,
  2,
);

let counter = 0;
const nextId = (): string => `item-${++counter}`;

export function emptyItem(type: ItemType = 'longtext'): ItemDraft {
  return {
    id: nextId(),
    label: '',
    key: '',
    keyEdited: false,
    type,
    required: true,
    assignee: 'client',
    help: '',
    options: '',
    formats: '',
    numbers: { min_width: '', max_chars: '', min_count: '', max_count: '', max_bytes: '' },
    transparent: false,
    pattern: '',
    schema: DEFAULT_SCHEMA,
  };
}

/** A template's item as a draft the owner can change before sending. */
export function draftOf(item: TemplateItem): ItemDraft {
  const text = (value: number | undefined): string => (value === undefined ? '' : String(value));
  const c = item.constraints;
  return {
    ...emptyItem(item.type),
    label: item.label,
    key: item.key,
    keyEdited: true,
    required: item.required,
    assignee: item.assignee,
    help: item.help ?? '',
    options: (item.options ?? []).join('\n'),
    formats: (c.formats ?? []).join(', '),
    numbers: {
      min_width: text(c.min_width),
      max_chars: text(c.max_chars),
      min_count: text(c.min_count),
      max_count: text(c.max_count),
      max_bytes: c.max_bytes === undefined ? '' : String(Math.ceil(c.max_bytes / MIB)),
    },
    transparent: c.transparent_background ?? false,
    pattern: item.pattern ?? '',
    schema: item.schema ? JSON.stringify(item.schema, null, 2) : DEFAULT_SCHEMA,
  };
}

/**
 * A key from a label: letters without their accents, lower case, anything else as `_`, at most 64
 * characters, starting with a letter or digit ("Logo (SVG)" → `logo_svg`, "Údaje o firmě" →
 * `udaje_o_firme`); `item` when nothing is left. A key another item already has gets `_2`, `_3`….
 */
export function keyFromLabel(label: string, taken: readonly string[] = []): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[_-]+|_+$/g, '')
      .slice(0, LIMITS.keyMaxChars)
      .replace(/_+$/, '') || 'item';
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `_${n}`;
    const candidate = `${base.slice(0, LIMITS.keyMaxChars - suffix.length).replace(/_+$/, '')}${suffix}`;
    if (!taken.includes(candidate)) return candidate;
  }
}

/** The draft after the owner changed its label: the key follows while the owner has not edited it. */
export function withLabel(draft: ItemDraft, label: string, others: readonly ItemDraft[]): ItemDraft {
  if (draft.keyEdited) return { ...draft, label };
  const taken = others.filter((other) => other.id !== draft.id).map((other) => other.key);
  return { ...draft, label, key: label.trim() ? keyFromLabel(label, taken) : '' };
}

/** Moves the item at `from` by `by` places (−1 up, +1 down); out of range: unchanged. */
export function moveItem<T>(items: readonly T[], from: number, by: number): T[] {
  const to = from + by;
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** A sentence for a field: a catalogue key and its placeholders. */
export interface Problem {
  key: MessageKey;
  params?: Readonly<Record<string, string | number>>;
}

export type ItemField =
  | 'key'
  | 'label'
  | 'help'
  | 'type'
  | 'assignee'
  | 'options'
  | 'formats'
  | 'pattern'
  | 'schema'
  | 'transparent'
  | NumericConstraint;

export type ItemProblems = Partial<Record<ItemField, Problem>>;

const length = (value: string): number => [...value].length;

/** The options as sent: one a line, trimmed, blank lines left out. */
export function optionsOf(draft: ItemDraft): string[] {
  return draft.options
    .split('\n')
    .map((option) => option.trim())
    .filter((option) => option !== '');
}

/** The formats as sent: lower case, without a leading dot, repeats once. */
export function formatsOf(draft: ItemDraft): string[] {
  const formats = draft.formats
    .split(/[\s,;]+/)
    .map((format) => format.trim().toLowerCase().replace(/^\./, ''))
    .filter((format) => format !== '');
  return [...new Set(formats)];
}

/** A whole number typed in a field, or undefined when the field is empty; NaN when it is not a whole number. */
function numberOf(value: string): number | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function patternProblem(pattern: string): Problem | undefined {
  if (length(pattern) > LIMITS.patternMaxChars) {
    return { key: 'new_intake.problem.too_long', params: { n: LIMITS.patternMaxChars } };
  }
  try {
    new RegExp(pattern, 'u');
  } catch {
    return { key: 'new_intake.problem.pattern_invalid' };
  }
  // The API matches with RE2: no look-around, back-references or inline flags.
  if (/\(\?<?[=!]|\\[1-9]|\\k<|\(\?[a-z-]+[:)]/.test(pattern)) return { key: 'new_intake.problem.pattern_unsupported' };
  return undefined;
}

function schemaDepth(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Object.values(value as Record<string, unknown>).map(schemaDepth);
  return 1 + Math.max(0, ...children);
}

function schemaProblem(text: string): Problem | undefined {
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch {
    return { key: 'new_intake.problem.schema_json' };
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { key: 'new_intake.problem.schema_json' };
  }
  const type = (schema as Record<string, unknown>)['type'];
  if (typeof type !== 'string' || !(LIMITS.schemaTypes as readonly string[]).includes(type)) {
    return { key: 'new_intake.problem.schema_type', params: { types: LIMITS.schemaTypes.join(', ') } };
  }
  // A schema level is an object and its `properties` map: two JSON levels a schema level.
  if (schemaDepth(schema) > LIMITS.schemaDepthMax * 2) {
    return { key: 'new_intake.problem.schema_deep', params: { n: LIMITS.schemaDepthMax } };
  }
  return undefined;
}

/**
 * What is wrong with one item, field by field (an empty object: nothing), by the API's rules:
 * key 1 to 64 of a-z 0-9 _ - starting with a letter or digit and unique in the intake; a label
 * (at most 200 characters); help at most 2000; options 1 to 100, each at most 200 characters and
 * once; formats 1 to 20 extensions; numeric constraints whole numbers from 1 to their maximum,
 * min_count not above max_count nor (multiselect) above the number of options; a pattern that
 * compiles without RE2-unsupported syntax; a schema that is a JSON object with a known type.
 */
export function itemProblems(draft: ItemDraft, others: readonly ItemDraft[] = []): ItemProblems {
  const problems: ItemProblems = {};
  const rules = TYPE_RULES[draft.type];

  const key = draft.key.trim();
  if (key === '') problems.key = { key: 'form.required' };
  else if (!LIMITS.keyPattern.test(key)) problems.key = { key: 'new_intake.problem.key_format' };
  else if (others.some((other) => other.id !== draft.id && other.key.trim() === key)) {
    problems.key = { key: 'new_intake.problem.key_taken' };
  }

  const label = draft.label.trim();
  if (label === '') problems.label = { key: 'form.required' };
  else if (length(label) > LIMITS.labelMaxChars) {
    problems.label = { key: 'new_intake.problem.too_long', params: { n: LIMITS.labelMaxChars } };
  }
  if (length(draft.help.trim()) > LIMITS.helpMaxChars) {
    problems.help = { key: 'new_intake.problem.too_long', params: { n: LIMITS.helpMaxChars } };
  }

  const numbers: Partial<Record<NumericConstraint, number>> = {};
  for (const name of rules.numbers) {
    const value = numberOf(draft.numbers[name]);
    if (value === undefined) continue;
    const maximum = LIMITS.numbers[name];
    if (Number.isNaN(value) || value < 1 || value > maximum) {
      problems[name] = { key: 'new_intake.problem.whole_number', params: { max: maximum } };
    } else numbers[name] = value;
  }
  if (numbers.min_count !== undefined && numbers.max_count !== undefined && numbers.min_count > numbers.max_count) {
    problems.min_count = { key: 'new_intake.problem.min_above_max' };
  }

  if (rules.options) {
    const lines = optionsOf(draft);
    const seen = new Set<string>();
    const repeated = lines.find((option) => (seen.has(option) ? true : (seen.add(option), false)));
    const tooLong = lines.some((option) => length(option) > LIMITS.optionMaxChars);
    if (lines.length === 0) problems.options = { key: 'new_intake.problem.options_required' };
    else if (lines.length > LIMITS.optionsMax) {
      problems.options = { key: 'new_intake.problem.options_many', params: { n: LIMITS.optionsMax } };
    } else if (tooLong) {
      problems.options = { key: 'new_intake.problem.option_long', params: { n: LIMITS.optionMaxChars } };
    } else if (repeated !== undefined) {
      problems.options = { key: 'new_intake.problem.option_repeated', params: { option: repeated } };
    } else if (draft.type === 'multiselect' && !problems.min_count && (numbers.min_count ?? 1) > lines.length) {
      problems.min_count = { key: 'new_intake.problem.min_above_options' };
    }
  }

  if (rules.formats && draft.formats.trim() !== '') {
    const formats = formatsOf(draft);
    const wrong = formats.find((format) => !LIMITS.formatPattern.test(format));
    if (wrong !== undefined) problems.formats = { key: 'new_intake.problem.format_invalid', params: { format: wrong } };
    else if (formats.length > LIMITS.formatsMax) {
      problems.formats = { key: 'new_intake.problem.formats_many', params: { n: LIMITS.formatsMax } };
    }
  }

  if (rules.pattern && draft.pattern !== '') {
    const problem = patternProblem(draft.pattern);
    if (problem) problems.pattern = problem;
  }
  if (rules.schema) {
    const problem = schemaProblem(draft.schema);
    if (problem) problems.schema = problem;
  }
  return problems;
}

/** Every item's problems by item id, and the list's own (no item, more than 200); empty when all is well. */
export function itemsProblems(drafts: readonly ItemDraft[]): { list?: Problem; items: Record<string, ItemProblems> } {
  const items: Record<string, ItemProblems> = {};
  for (const draft of drafts) {
    const problems = itemProblems(draft, drafts);
    if (Object.keys(problems).length > 0) items[draft.id] = problems;
  }
  if (drafts.length === 0) return { list: { key: 'new_intake.problem.no_items' }, items };
  if (drafts.length > LIMITS.itemsMax) {
    return { list: { key: 'new_intake.problem.items_many', params: { n: LIMITS.itemsMax } }, items };
  }
  return { items };
}

/** An item definition as POST /v1/intakes takes it; only what its type accepts, empty fields left out. */
export function definitionOf(draft: ItemDraft): Record<string, unknown> {
  const rules = TYPE_RULES[draft.type];
  const definition: Record<string, unknown> = {
    key: draft.key.trim(),
    type: draft.type,
    label: draft.label.trim(),
    required: draft.required,
    assignee: draft.assignee,
  };
  if (draft.help.trim()) definition['help'] = draft.help.trim();
  const constraints: Record<string, unknown> = {};
  if (rules.formats && formatsOf(draft).length > 0) constraints['formats'] = formatsOf(draft);
  for (const name of rules.numbers) {
    const value = numberOf(draft.numbers[name]);
    if (value !== undefined) constraints[name] = name === 'max_bytes' ? value * MIB : value;
  }
  if (rules.transparent && draft.transparent) constraints['transparent_background'] = true;
  if (Object.keys(constraints).length > 0) definition['constraints'] = constraints;
  if (rules.options) definition['options'] = optionsOf(draft);
  if (rules.pattern && draft.pattern !== '') definition['pattern'] = draft.pattern;
  if (rules.schema) {
    try {
      definition['schema'] = JSON.parse(draft.schema) as unknown;
    } catch {
      definition['schema'] = draft.schema;
    }
  }
  return definition;
}
