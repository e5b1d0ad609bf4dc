import { type Mode } from '@intake/domain-kernel';

/** Random part of an API key: 32 bytes (256 bits) in base64url. */
export const API_KEY_RANDOM_BYTES = 32;
const API_KEY = /^svc_(live|test)_([A-Za-z0-9_-]{43})$/;

export const apiKeyPrefix = (mode: Mode): string => `svc_${mode}_`;

export function formatApiKey(mode: Mode, token: string): string {
  return `${apiKeyPrefix(mode)}${token}`;
}

/** The mode of a well-formed key, or undefined for anything else (the caller answers 401). */
export function parseApiKey(raw: string): { mode: Mode } | undefined {
  const match = API_KEY.exec(raw);
  return match ? { mode: match[1] as Mode } : undefined;
}

/** What a key listing shows of the key itself: never more than its prefix and last four characters. */
export function apiKeyHint(raw: string): { prefix: string; last4: string } {
  const parsed = parseApiKey(raw);
  if (!parsed) throw new RangeError('not an API key');
  return { prefix: apiKeyPrefix(parsed.mode), last4: raw.slice(-4) };
}
