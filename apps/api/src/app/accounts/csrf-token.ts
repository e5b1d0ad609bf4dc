import { sameSecret } from './provider-secret';

/**
 * The double-submit check: the X-CSRF-Token header must equal the csrf_token cookie. Compared in
 * constant time (both sides hashed to 32 bytes, then timingSafeEqual), so how long the refusal
 * takes says nothing about how many leading characters of a guessed token were right.
 */
export function csrfTokenMatches(cookie: string | undefined, header: string | string[] | undefined): boolean {
  if (!cookie || typeof header !== 'string') return false;
  return sameSecret(header, cookie);
}
