/**
 * Identifiers of the spec's resources: `<prefix>_<random>`.
 *
 * The random part is 16 bytes (128 bits) from the platform's CSPRNG, written in base64url, so
 * ids are unguessable, URL-safe and fixed-length (22 characters after the prefix).
 */
export const ID_PREFIXES = {
  intake: 'in',
  chase: 'chs',
  folder: 'fld',
  briefFile: 'bff',
  // Our own, for uploads to file items (the spec shows only their use as :fileId).
  file: 'fil',
  webhookEndpoint: 'whe',
  webhookDelivery: 'whd',
  request: 'req',
  // Our own, for resources whose ids the spec does not show.
  account: 'acc',
  user: 'usr',
  apiKey: 'key',
  invitation: 'inv',
  auditEntry: 'aud',
  template: 'tpl',
  ownerNotice: 'ntf',
  // Test clocks (issue #30), as Stripe names its own.
  testClock: 'clk',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;
export type IdPrefix = (typeof ID_PREFIXES)[IdKind];

export const ID_RANDOM_BYTES = 16;
const RANDOM_PART = /^[A-Za-z0-9_-]{22}$/;

/** Cryptographically random bytes, base64url without padding. */
export function randomToken(bytes: number = ID_RANDOM_BYTES): string {
  if (!Number.isInteger(bytes) || bytes < 12) {
    throw new RangeError('a token needs at least 12 random bytes (96 bits)');
  }
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return Buffer.from(buffer).toString('base64url');
}

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${randomToken()}`;
}

/** True when `value` is a well-formed id of `kind` (the right prefix and random part). */
export function isId(kind: IdKind, value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const prefix = `${ID_PREFIXES[kind]}_`;
  return value.startsWith(prefix) && RANDOM_PART.test(value.slice(prefix.length));
}
