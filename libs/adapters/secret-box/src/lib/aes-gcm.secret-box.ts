import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SecretBox } from '@intake/kernel';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** A key id: short, and safe inside the dotted sealed text. */
export const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const B64 = '[A-Za-z0-9_-]';
/** Today's form: the id of the key that sealed it comes first. */
const SEALED_V2 = new RegExp(`^v2\\.(${B64}{1,32})\\.(${B64}{16})\\.(${B64}{22})\\.(${B64}*)$`);
/** The form of the first release (webhook secrets, one key, no id): still opened, under any key of the ring. */
const SEALED_V1 = new RegExp(`^v1\\.(${B64}{16})\\.(${B64}{22})\\.(${B64}*)$`);

/** One key of the ring: an id stored with every value it seals, and 32 bytes. */
export interface SecretKey {
  id: string;
  key: Buffer;
}

/**
 * The keys of the deployment: `current` seals every new value; `previous` (older keys, from
 * SECRETS_KEYS) only open what they sealed, until `npm run secrets:rekey` has re-sealed it all.
 */
export interface SecretKeyring {
  current: SecretKey;
  previous: readonly SecretKey[];
}

/** Thrown by `open` for text this box did not seal: another key, altered, or not sealed at all. */
export class SealedSecretError extends Error {
  constructor(problem: string) {
    super(`cannot open the sealed secret: ${problem}`);
    this.name = 'SealedSecretError';
  }
}

function checked(key: SecretKey): SecretKey {
  if (!KEY_ID.test(key.id)) throw new Error('a key id is 1 to 32 letters, digits, "_" or "-"');
  if (key.key.length !== KEY_BYTES) {
    throw new Error(`the encryption key must be ${KEY_BYTES} bytes, got ${key.key.length}`);
  }
  return { id: key.id, key: Buffer.from(key.key) };
}

/** Authenticated with the ciphertext (GCM's additional data): a value cannot be relabelled as v1 or as another key's. */
const header = (keyId: string): Buffer => Buffer.from(`v2.${keyId}`, 'utf8');

const decode = (part: string | undefined): Buffer => Buffer.from(part ?? '', 'base64url');

/**
 * AES-256-GCM with a 96-bit random IV per secret and a keyring, so keys rotate:
 * `v2.<key id>.<iv>.<tag>.<ciphertext>` (each binary part base64url). The id names the key that
 * sealed the value, and `v2.<key id>` is authenticated with it; the tag makes any change to a sealed value (or a wrong key) fail to open rather
 * than give back garbage. `v1.<iv>.<tag>.<ciphertext>` (the first release, no key id) is still
 * opened: each key of the ring is tried, and the tag tells which one sealed it. The keys are held
 * in an ES private field, so they are in no enumerable property a logger could print.
 */
export class AesGcmSecretBox extends SecretBox {
  readonly #current: SecretKey;
  readonly #keys: ReadonlyMap<string, Buffer>;

  /** A bare 32-byte key is a ring of one, with the id `k1`. */
  constructor(keys: Buffer | SecretKeyring) {
    super();
    const ring: SecretKeyring = Buffer.isBuffer(keys) ? { current: { id: 'k1', key: keys }, previous: [] } : keys;
    this.#current = checked(ring.current);
    const all = new Map<string, Buffer>([[this.#current.id, this.#current.key]]);
    for (const older of ring.previous.map(checked)) {
      if (all.has(older.id)) throw new Error(`the key id ${older.id} is used twice`);
      all.set(older.id, older.key);
    }
    this.#keys = all;
  }

  /** The id new values are sealed under. */
  get currentKeyId(): string {
    return this.#current.id;
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#current.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(header(this.#current.id));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'));
    return ['v2', this.#current.id, ...parts].join('.');
  }

  open(sealed: string): string {
    const v2 = SEALED_V2.exec(sealed);
    if (v2) {
      const key = this.#keys.get(v2[1] as string);
      if (!key) throw new SealedSecretError('sealed with a key that is not in SECRETS_KEY or SECRETS_KEYS');
      const opened = this.#decrypt(key, decode(v2[2]), decode(v2[3]), decode(v2[4]), header(v2[1] as string));
      if (opened === undefined) throw new SealedSecretError('sealed with another key, or altered');
      return opened;
    }
    const v1 = SEALED_V1.exec(sealed);
    if (!v1) throw new SealedSecretError('not a sealed value');
    for (const key of this.#keys.values()) {
      const opened = this.#decrypt(key, decode(v1[1]), decode(v1[2]), decode(v1[3]));
      if (opened !== undefined) return opened;
    }
    throw new SealedSecretError('sealed with another key, or altered');
  }

  /**
   * Whether `sealed` should be sealed again under the current key (`npm run secrets:rekey`): it is
   * in the first release's form or under an older key.
   */
  isStale(sealed: string): boolean {
    const v2 = SEALED_V2.exec(sealed);
    return !v2 || v2[1] !== this.#current.id;
  }

  /** The plain text sealed again under the current key (see isStale). */
  reseal(sealed: string): string {
    return this.seal(this.open(sealed));
  }

  #decrypt(key: Buffer, iv: Buffer, tag: Buffer, ciphertext: Buffer, aad?: Buffer): string | undefined {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
