import type { components } from '@intake/sdk-types';
import { type MessageKey } from '../i18n/catalogues/en';

export type SignUpValues = components['schemas']['SignUpRequest'];

/** The API's rules for a new account's password (SignUpRequest.password: 10 to 200 characters). */
export const PASSWORD_MIN_LENGTH = 10;

/** A deliberately loose shape check; the API has the last word. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type SignUpProblems = Partial<Record<keyof SignUpValues, MessageKey>>;

/**
 * What the sign-up form says before sending: every field filled, an e-mail address that looks
 * like one, a password as long as the API asks. An empty object: nothing to say.
 */
export function signUpProblems(values: SignUpValues): SignUpProblems {
  const problems: SignUpProblems = {};
  if (!values.name.trim()) problems.name = 'form.required';
  if (!values.account_name.trim()) problems.account_name = 'form.required';
  if (!values.email.trim()) problems.email = 'form.required';
  else if (!EMAIL.test(values.email.trim())) problems.email = 'form.email_invalid';
  if (!values.password) problems.password = 'form.required';
  else if (values.password.length < PASSWORD_MIN_LENGTH) problems.password = 'form.password_short';
  return problems;
}
