import type { ItemDefinition, SubmittedFile } from './item-definition';
import { isFileType } from './item-types';
import { validateFileSet } from './validate-file-set';
import { validateItemValue } from './validate-item-value';

/**
 * Whether a client's answer survives a change to its item (PATCH /v1/intakes/:id/items/:key): false
 * means the change would discard it (409 item_answer_would_be_discarded). A change that leaves the
 * answer valid never discards it, so the answer is re-checked against the new definition, not compared
 * field by field. With no answer there is nothing to discard, whatever the change.
 */
export function answerStillValid(
  oldDefinition: ItemDefinition,
  newDefinition: ItemDefinition,
  currentValue: unknown,
  files: readonly SubmittedFile[],
): boolean {
  const answered = isFileType(oldDefinition.type)
    ? files.length > 0
    : currentValue !== undefined && currentValue !== null;
  if (!answered) return true;
  // Even where the value would happen to fit (text to longtext), the client answered a different question.
  if (oldDefinition.type !== newDefinition.type) return false;
  return isFileType(newDefinition.type)
    ? validateFileSet(newDefinition, files).length === 0
    : validateItemValue(newDefinition, currentValue).length === 0;
}
