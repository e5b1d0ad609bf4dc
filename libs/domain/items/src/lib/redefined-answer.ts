import type { ErrorDetail } from '@intake/errors';
import type { ItemDefinition, SubmittedFile } from './item-definition';
import { ITEM_TYPE_RULES } from './item-type-rules';
import { isDecisionType, isFileType, isItemType, type ItemType } from './item-types';
import { validateFileSet } from './validate-file-set';
import { validateItemValue } from './validate-item-value';

/** What becomes of a client's answer when its item is redefined (PATCH /v1/intakes/:id/items/:key). */
export type RedefinedAnswer =
  /** Nothing was answered: nothing to keep or to discard, whatever the change. */
  | { outcome: 'unanswered' }
  /**
   * The answer is valid for the new definition and stays. `value` is the stored value as the new
   * type holds it (see {@link valueInShapeOf}); the files of a file item stay as they are.
   */
  | { outcome: 'kept'; value: unknown }
  /** The answer is not valid for the new definition: keeping the change would discard it. */
  | { outcome: 'misfit'; details: ErrorDetail[] };

/**
 * Judges a client's answer by the new definition, with the rules of a portal submission
 * (`validateItemValue` for a value, `validateFileSet` for the files), so a change that leaves the
 * answer valid never discards it, whatever changed: constraints, `required` or the type itself
 * (a file is a valid file_list answer, a text a valid longtext one, an image a valid file when the
 * format is allowed). Two things never carry over, whatever the rules say:
 * - files and values: files do not answer a value item, nor a value a file item;
 * - the secret boundary: a secret's answer is sealed and released once, so it never becomes a
 *   plain value (anyone reading the item would read the secret), nor a plain value a secret.
 *
 * `value` is the stored value in the clear (a secret opened); `files` the files of a submitted file
 * item (none when the item is not answered with files).
 */
export function redefinedAnswer(
  before: ItemDefinition,
  after: ItemDefinition,
  value: unknown,
  files: readonly SubmittedFile[],
): RedefinedAnswer {
  if (isFileType(before.type)) {
    if (files.length === 0) return { outcome: 'unanswered' };
    if (!isFileType(after.type)) return misfit('files', `do not answer a ${after.type} item: it takes a value`);
    const details = validateFileSet(after, files);
    return details.length > 0 ? { outcome: 'misfit', details } : { outcome: 'kept', value };
  }
  if (value === undefined || value === null) return { outcome: 'unanswered' };
  if (isFileType(after.type)) return misfit('value', `does not answer a ${after.type} item: it takes files`);
  if ((before.type === 'secret') !== (after.type === 'secret')) {
    return misfit('value', 'cannot cross between a secret and a plain item: a secret is released only once');
  }
  const carried = valueInShapeOf(before.type, after.type, value);
  const details = validateItemValue(after, carried);
  return details.length > 0 ? { outcome: 'misfit', details } : { outcome: 'kept', value: carried };
}

/**
 * A stored value as another type holds it. Only select and multiselect differ in shape for the same
 * answer, as file and file_list do: a choice is a list of one choice (`"a"` → `["a"]`), and a list
 * of exactly one choice is that choice (`["a"]` → `"a"`), so the results show each type's own shape.
 * Anything else is carried as stored and judged as it is (no coercion: `42` never becomes `"42"`).
 */
export function valueInShapeOf(from: ItemType, to: ItemType, value: unknown): unknown {
  if (from === 'select' && to === 'multiselect' && typeof value === 'string') return [value];
  if (from === 'multiselect' && to === 'select' && Array.isArray(value) && value.length === 1) return value[0];
  return value;
}

/**
 * The input a changed definition is parsed from: the current definition with the given fields over
 * it. When the type changes, what the current definition holds that the new type does not take
 * (options, schema, pattern, a proposal, constraint keys) is left behind rather than refused: a
 * PATCH cannot remove options, schema or pattern, so refusing them would forbid the change for
 * good. A proposal is carried in the new type's shape. What the caller gives is checked as given.
 */
export function redefinitionInput(current: ItemDefinition, patch: Record<string, unknown>): Record<string, unknown> {
  const to = patch['type'];
  if (!isItemType(to) || to === current.type) return { ...current, ...patch };
  const rule = ITEM_TYPE_RULES[to];
  const accepted = rule.constraints as readonly string[];
  const carried: Record<string, unknown> = {
    ...current,
    constraints: Object.fromEntries(Object.entries(current.constraints).filter(([key]) => accepted.includes(key))),
    options: rule.options ? current.options : null,
    schema: rule.schema ? current.schema : null,
    pattern: rule.pattern ? current.pattern : null,
    proposed:
      current.proposed && isDecisionType(to)
        ? { ...current.proposed, value: valueInShapeOf(current.type, to, current.proposed.value) }
        : null,
  };
  return { ...carried, ...patch };
}

function misfit(path: string, message: string): RedefinedAnswer {
  return { outcome: 'misfit', details: [{ path, message }] };
}
