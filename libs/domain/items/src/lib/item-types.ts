/**
 * The item catalogue. The first eight are the types the interface names; the short-value types after them
 * are what a form needs besides those (docs/contract.md "Item types"; the catalogue was left open:
 * "Gaps the spec leaves open and what we decided").
 */
export const ITEM_TYPES = [
  'image',
  'longtext',
  'structured',
  'file_list',
  'file',
  'select',
  'multiselect',
  'secret',
  'text',
  'email',
  'url',
  'number',
  'date',
  'boolean',
] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** Types answered by uploading files: their answer is a `files` array, never a `value`. */
export const FILE_TYPES = ['file', 'file_list', 'image'] as const satisfies readonly ItemType[];
export type FileItemType = (typeof FILE_TYPES)[number];

/**
 * Types an agent may propose and the owner decides (docs/contract.md "Item (in intake detail)": `decision` on
 * owner-assigned items).
 */
export const DECISION_TYPES = ['select', 'multiselect'] as const satisfies readonly ItemType[];
export type DecisionItemType = (typeof DECISION_TYPES)[number];

export const ASSIGNEES = ['client', 'owner'] as const;
export type Assignee = (typeof ASSIGNEES)[number];

export function isItemType(value: unknown): value is ItemType {
  return typeof value === 'string' && (ITEM_TYPES as readonly string[]).includes(value);
}

export function isFileType(type: ItemType): type is FileItemType {
  return (FILE_TYPES as readonly ItemType[]).includes(type);
}

export function isDecisionType(type: ItemType): type is DecisionItemType {
  return (DECISION_TYPES as readonly ItemType[]).includes(type);
}
