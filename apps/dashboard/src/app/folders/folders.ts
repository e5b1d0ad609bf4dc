import { errorMessageKey } from '../api/error-message';
import { ApiFailure } from '../api/failures';
import { type MessageKey } from '../i18n/catalogues/en';

/** The API's rule for a folder's name: 1 to 80 characters after trimming. */
export const FOLDER_NAME_MAX = 80;

/** What the folder form says before sending; undefined: nothing to say. */
export function folderNameProblem(name: string): MessageKey | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'form.required';
  if (trimmed.length > FOLDER_NAME_MAX) return 'folders.name_too_long';
  return undefined;
}

/** The sentence for a refused create or rename: a name in use (409 folder_exists) has its own. */
export function folderProblemKey(failure: unknown): MessageKey {
  if (failure instanceof ApiFailure && failure.envelope?.reason === 'folder_exists') return 'folders.exists';
  return errorMessageKey(failure);
}
