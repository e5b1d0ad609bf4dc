import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The secret an Authorization header presents: a bearer token, or the password of Basic
 * authentication (whatever the user name); undefined for no header or another scheme.
 */
export function presentedSecret(header: string | undefined): string | undefined {
  const match = /^(Bearer|Basic)\s+(\S+)$/i.exec(header?.trim() ?? '');
  if (!match?.[1] || !match[2]) return undefined;
  if (match[1].toLowerCase() === 'bearer') return match[2];
  const decoded = Buffer.from(match[2], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 ? decoded.slice(colon + 1) : undefined;
}

/** Compares in constant time whatever the lengths: both sides are hashed to 32 bytes first. */
export function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
