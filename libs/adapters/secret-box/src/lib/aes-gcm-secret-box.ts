import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SecretBox } from '@intake/kernel';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const SEALED = /^v1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]*)$/;

/** Thrown by `open` for text this box did not seal: another key, altered, or not sealed at all. */
export class SealedSecretError extends Error {
  constructor(problem: string) {
    super(`cannot open the sealed secret: ${problem}`);
    this.name = 'SealedSecretError';
  }
}

/**
 * AES-256-GCM with a 96-bit random IV per secret: `v1.<iv>.<tag>.<ciphertext>`, each part
 * base64url. The version prefix lets a later key or algorithm be added without reading old rows
 * wrongly; the tag makes any change to a sealed value (or a wrong key) fail to open rather than
 * give back garbage. The key is held in an ES private field, so it is in no enumerable property a
 * logger could print.
 */
export class AesGcmSecretBox extends SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    super();
    if (key.length !== KEY_BYTES) throw new Error(`the encryption key must be ${KEY_BYTES} bytes, got ${key.length}`);
    this.#key = Buffer.from(key);
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  open(sealed: string): string {
    const match = SEALED.exec(sealed);
    if (!match) throw new SealedSecretError('not a v1 sealed value');
    const [iv, tag, ciphertext] = match.slice(1).map((part) => Buffer.from(part as string, 'base64url')) as [
      Buffer,
      Buffer,
      Buffer,
    ];
    const decipher = createDecipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new SealedSecretError('sealed with another key, or altered');
    }
  }
}
