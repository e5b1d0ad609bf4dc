import { randomBytes } from 'node:crypto';
import { AesGcmSecretBox, SealedSecretError } from './aes-gcm-secret-box';

const SECRET = 'whsec_3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

describe('AesGcmSecretBox', () => {
  const key = randomBytes(32);
  const box = new AesGcmSecretBox(key);

  it('seals into v1.<iv>.<tag>.<ciphertext> (base64url) and opens it again', () => {
    const sealed = box.seal(SECRET);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(Buffer.from(SECRET).toString('base64url'));
    expect(box.open(sealed)).toBe(SECRET);
    expect(new AesGcmSecretBox(Buffer.from(key)).open(sealed)).toBe(SECRET);
  });

  it('uses a fresh IV each time: the same secret never seals the same way', () => {
    const sealed = new Set(Array.from({ length: 20 }, () => box.seal(SECRET)));
    expect(sealed.size).toBe(20);
  });

  it('keeps any text, the empty string and non-ASCII included', () => {
    for (const plain of ['', 'ž', '🔑'.repeat(100), 'x'.repeat(10_000)]) expect(box.open(box.seal(plain))).toBe(plain);
  });

  it('refuses another key, an altered value and text it did not seal', () => {
    const sealed = box.seal(SECRET);
    expect(() => new AesGcmSecretBox(randomBytes(32)).open(sealed)).toThrow(SealedSecretError);
    const [version, iv, tag, ciphertext] = sealed.split('.') as [string, string, string, string];
    const flipped = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = (bytes[0] as number) ^ 1;
      return bytes.toString('base64url');
    };
    for (const altered of [
      [version, flipped(iv), tag, ciphertext],
      [version, iv, flipped(tag), ciphertext],
      [version, iv, tag, flipped(ciphertext)],
      ['v2', iv, tag, ciphertext],
    ]) {
      expect(() => box.open(altered.join('.'))).toThrow(SealedSecretError);
    }
    for (const junk of ['', SECRET, 'v1', 'v1...', `v1.${iv}.${tag}`]) {
      expect(() => box.open(junk)).toThrow(SealedSecretError);
    }
  });

  it('takes only a 32-byte key, and never shows it', () => {
    expect(() => new AesGcmSecretBox(randomBytes(16))).toThrow('32 bytes');
    expect(JSON.stringify(box)).not.toContain(key.toString('hex'));
    expect(Object.values(box)).toEqual([]);
  });
});
