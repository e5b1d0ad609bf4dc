import type { components } from '@intake/sdk-types';
import { ApiFailure } from '../api/failures';
import { PASSWORD_MIN_LENGTH } from '../auth/sign-up-form';
import { type MessageKey } from '../i18n/catalogues/en';

export type InviteValues = components['schemas']['InviteRequest'];
export type AcceptValues = Omit<components['schemas']['AcceptInvitationRequest'], 'token'>;

/** A deliberately loose shape check; the API has the last word. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type InviteProblems = Partial<Record<keyof InviteValues, MessageKey>>;
export type AcceptProblems = Partial<Record<keyof AcceptValues, MessageKey>>;

/** The invitation form: a name and an address that looks like one. */
export function inviteProblems(values: InviteValues): InviteProblems {
  const problems: InviteProblems = {};
  if (!values.name.trim()) problems.name = 'form.required';
  if (!values.email.trim()) problems.email = 'form.required';
  else if (!EMAIL.test(values.email.trim())) problems.email = 'form.email_invalid';
  return problems;
}

/** The invitee's form: their name and a password as long as the API asks. */
export function acceptProblems(values: AcceptValues): AcceptProblems {
  const problems: AcceptProblems = {};
  if (!values.name.trim()) problems.name = 'form.required';
  if (!values.password) problems.password = 'form.required';
  else if (values.password.length < PASSWORD_MIN_LENGTH) problems.password = 'form.password_short';
  return problems;
}

/** The invitation token of the link's address (`?token=…`), or null when it carries none. */
export function invitationToken(search: URLSearchParams): string | null {
  const token = search.get('token')?.trim();
  return token ? token : null;
}

/** The API refused because the address already has an account (409 email_taken). */
export const isEmailTaken = (error: unknown): boolean =>
  error instanceof ApiFailure && error.envelope?.error === 'conflict' && error.envelope.reason === 'email_taken';
