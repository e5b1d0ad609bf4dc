import type { components } from '@intake/sdk-types';
import { type MessageKey } from '../i18n/catalogues/en';
import { ALL_SCOPES } from '../team/roles';

export type Scope = components['schemas']['ApiKeyView']['scopes'][number];
export type KeyMode = components['schemas']['ApiKeyView']['mode'];
type ListedKey = components['schemas']['ApiKeyView'];

/** CreateKeyRequest.name: 1 to 100 characters, not blank. */
export const KEY_NAME_MAX_LENGTH = 100;

export interface KeyFormValues {
  name: string;
  mode: KeyMode;
  scopes: readonly Scope[];
}

export const emptyKeyForm = (): KeyFormValues => ({ name: '', mode: 'live', scopes: ['intakes:read'] });

/** `admin` includes every other scope: while it is ticked the others show as ticked and locked. */
export const impliedByAdmin = (selected: readonly Scope[], scope: Scope): boolean =>
  scope !== 'admin' && selected.includes('admin');

/** The scopes after one checkbox changed, in the catalogue's order, each once. */
export function toggleScope(selected: readonly Scope[], scope: Scope, checked: boolean): Scope[] {
  const next = new Set(selected);
  if (checked) next.add(scope);
  else next.delete(scope);
  return ALL_SCOPES.filter((each) => next.has(each));
}

/**
 * The scopes to send: admin alone when ticked (it includes the rest), and only those this user may
 * give (a member's form never sends admin or secrets:read, which the API refuses them).
 */
export function scopesToSend(selected: readonly Scope[], grantable: readonly Scope[]): Scope[] {
  const allowed = selected.filter((scope) => grantable.includes(scope));
  return allowed.includes('admin') ? ['admin'] : ALL_SCOPES.filter((scope) => allowed.includes(scope));
}

export type KeyFormProblems = Partial<Record<'name' | 'scopes', MessageKey>>;

/** What the form says before sending; an empty object: nothing. The API has the last word. */
export function keyFormProblems(values: KeyFormValues, grantable: readonly Scope[]): KeyFormProblems {
  const problems: KeyFormProblems = {};
  if (!values.name.trim()) problems.name = 'form.required';
  else if (values.name.trim().length > KEY_NAME_MAX_LENGTH) problems.name = 'keys.name_too_long';
  if (scopesToSend(values.scopes, grantable).length === 0) problems.scopes = 'keys.scopes_required';
  return problems;
}

/** How a key is recognised without its secret part: its prefix and last four characters. */
export const keyHint = (key: Pick<ListedKey, 'prefix' | 'last4'>): string => `${key.prefix}…${key.last4}`;
