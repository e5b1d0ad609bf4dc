/** Languages of the portal and e-mails (docs/contract.md "Client language"): the shared kernel's list. */
export { LANGUAGES, type Language } from '@intake/domain-messages';

export const DEFAULT_TIMEZONE = 'Europe/Prague';

/** True for an IANA time zone name the runtime knows (e.g. Europe/Prague). */
export function isIanaTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(value) && value !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** E-mail addresses are compared case-insensitively and without surrounding space. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
