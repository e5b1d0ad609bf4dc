import { createCipheriv, randomBytes } from 'node:crypto';
import { AesGcmSecretBox, SealedSecretError } from './aes-gcm.secret-box';

const SECRET = 'whsec_3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

describe('AesGcmSecretBox', () => {
  const key = randomBytes(32);
  const box = new AesGcmSecretBox(key);

  it('seals into v2.<key id>.<iv>.<tag>.<ciphertext> (base64url) and opens it again', () => {
    const sealed = box.seal(SECRET);
    expect(sealed).toMatch(/^v2\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
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
    const [version, id, iv, tag, ciphertext] = sealed.split('.') as [string, string, string, string, string];
    const flipped = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = (bytes[0] as number) ^ 1;
      return bytes.toString('base64url');
    };
    for (const altered of [
      [version, id, flipped(iv), tag, ciphertext],
      [version, id, iv, flipped(tag), ciphertext],
      [version, id, iv, tag, flipped(ciphertext)],
      ['v3', id, iv, tag, ciphertext],
      [version, 'k2', iv, tag, ciphertext],
      ['v1', iv, tag, ciphertext],
    ]) {
      expect(() => box.open(altered.join('.'))).toThrow(SealedSecretError);
    }
    for (const junk of ['', SECRET, 'v1', 'v1...', 'v2....', `v2.${id}.${iv}.${tag}`, `v1.${iv}.${tag}`]) {
      expect(() => box.open(junk)).toThrow(SealedSecretError);
    }
  });

  describe('a keyring (SECRETS_KEY, SECRETS_KEYS)', () => {
    const k1 = { id: 'k1', key };
    const k2 = { id: '2026-11', key: randomBytes(32) };
    const rotated = new AesGcmSecretBox({ current: k2, previous: [k1] });

    it('seals under the current key and names it; opens what older keys sealed', () => {
      const sealed = rotated.seal(SECRET);
      expect(sealed.split('.')[1]).toBe('2026-11');
      expect(rotated.currentKeyId).toBe('2026-11');
      expect(rotated.open(sealed)).toBe(SECRET);
      expect(rotated.open(box.seal(SECRET))).toBe(SECRET);
      expect(() => box.open(sealed)).toThrow(/not in SECRETS_KEY/);
    });

    it('still opens the first release form v1.<iv>.<tag>.<ciphertext> under any key of the ring', () => {
      const v1 = (k: Buffer, plain: string) => {
        const iv = randomBytes(12);
        const cipher = createCipheriv('aes-256-gcm', k, iv, { authTagLength: 16 });
        const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
        return ['v1', ...[iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'))].join('.');
      };
      expect(rotated.open(v1(key, SECRET))).toBe(SECRET);
      expect(rotated.open(v1(k2.key, 'ž'))).toBe('ž');
      expect(() => rotated.open(v1(randomBytes(32), SECRET))).toThrow(SealedSecretError);
    });

    it('tells which values are stale and reseals them under the current key', () => {
      const old = box.seal(SECRET);
      expect(rotated.isStale(old)).toBe(true);
      const fresh = rotated.reseal(old);
      expect(rotated.isStale(fresh)).toBe(false);
      expect(fresh.split('.')[1]).toBe('2026-11');
      expect(rotated.open(fresh)).toBe(SECRET);
    });

    it('refuses a key id used twice or not fit for the sealed text', () => {
      expect(() => new AesGcmSecretBox({ current: k1, previous: [{ id: 'k1', key: randomBytes(32) }] })).toThrow(
        'used twice',
      );
      for (const id of ['', 'a.b', 'x'.repeat(33), 'ž']) {
        expect(() => new AesGcmSecretBox({ current: { id, key }, previous: [] })).toThrow('key id');
      }
    });
  });

  it('takes only 32-byte keys, and never shows them', () => {
    expect(() => new AesGcmSecretBox(randomBytes(16))).toThrow('32 bytes');
    expect(
      () => new AesGcmSecretBox({ current: { id: 'a', key }, previous: [{ id: 'b', key: randomBytes(31) }] }),
    ).toThrow('32 bytes');
    expect(JSON.stringify(box)).not.toContain(key.toString('hex'));
    expect(Object.values(box)).toEqual([]);
  });
});
