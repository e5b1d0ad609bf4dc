import type { ConstraintKey } from './item-definition';
import type { ItemType } from './item-types';

/**
 * What each item type's definition may carry; read it next to docs/contract.md "Item types".
 * - constraints: the constraint keys the type accepts (any other key is refused).
 * - pattern: whether a regular expression may restrict the answer.
 * - options: required for decision types and refused everywhere else.
 * - schema: required for `structured` and refused everywhere else.
 * - answer: whether the client sends a value or uploads files.
 * `proposed` needs no column: it follows `options` and is further limited to owner-assigned items.
 */
export interface ItemTypeRule {
  constraints: readonly ConstraintKey[];
  pattern: boolean;
  options: boolean;
  schema: boolean;
  answer: 'value' | 'files';
}

// prettier-ignore
export const ITEM_TYPE_RULES = {
  image:       { constraints: ['formats', 'min_width', 'transparent_background', 'max_bytes'], pattern: false, options: false, schema: false, answer: 'files' },
  file:        { constraints: ['formats', 'max_bytes'],                                        pattern: false, options: false, schema: false, answer: 'files' },
  file_list:   { constraints: ['formats', 'max_bytes', 'min_count', 'max_count'],              pattern: false, options: false, schema: false, answer: 'files' },
  longtext:    { constraints: ['max_chars'],                                                   pattern: true,  options: false, schema: false, answer: 'value' },
  text:        { constraints: ['max_chars'],                                                   pattern: true,  options: false, schema: false, answer: 'value' },
  secret:      { constraints: ['max_chars'],                                                   pattern: true,  options: false, schema: false, answer: 'value' },
  structured:  { constraints: [],                                                              pattern: false, options: false, schema: true,  answer: 'value' },
  select:      { constraints: [],                                                              pattern: false, options: true,  schema: false, answer: 'value' },
  multiselect: { constraints: ['min_count', 'max_count'],                                      pattern: false, options: true,  schema: false, answer: 'value' },
  email:       { constraints: [],                                                              pattern: false, options: false, schema: false, answer: 'value' },
  url:         { constraints: [],                                                              pattern: false, options: false, schema: false, answer: 'value' },
  number:      { constraints: [],                                                              pattern: false, options: false, schema: false, answer: 'value' },
  date:        { constraints: [],                                                              pattern: false, options: false, schema: false, answer: 'value' },
  boolean:     { constraints: [],                                                              pattern: false, options: false, schema: false, answer: 'value' },
} as const satisfies Record<ItemType, ItemTypeRule>;

export function acceptsConstraint(type: ItemType, key: ConstraintKey): boolean {
  return (ITEM_TYPE_RULES[type].constraints as readonly ConstraintKey[]).includes(key);
}

/** Upper bounds of numeric constraints; every numeric constraint is a positive integer. */
export const CONSTRAINT_MAXIMUMS = {
  min_width: 20_000,
  max_chars: 100_000,
  min_count: 100,
  max_count: 100,
  max_bytes: 5 * 1024 ** 3,
} as const satisfies Partial<Record<ConstraintKey, number>>;

/** Limits on the definition itself and on answers where no constraint says otherwise. */
export const ITEM_LIMITS = {
  keyPattern: /^[a-z0-9][a-z0-9_-]{0,63}$/,
  labelMaxChars: 200,
  helpMaxChars: 2_000,
  patternMaxChars: 500,
  optionsMax: 100,
  optionMaxChars: 200,
  formatsMax: 20,
  formatPattern: /^[a-z0-9.+-]{1,20}$/,
  rationaleMaxChars: 2_000,
  itemsPerRequestMax: 200,
  schemaDepthMax: 10,
  schemaNodesMax: 1_000,
  schemaPropertiesMax: 100,
  schemaPropertyNameMaxChars: 100,
  schemaEnumMax: 100,
  schemaDescriptionMaxChars: 2_000,
  /** Without max_chars a text answer is still bounded: these keep one answer from filling a row. */
  defaultMaxChars: { text: 1_000, longtext: 100_000, secret: 10_000 },
  emailMaxChars: 254,
  urlMaxChars: 2_048,
} as const;
