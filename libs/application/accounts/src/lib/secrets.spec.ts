import { burnPasswordCheck, hashPassword, tokenHash, verifyPassword } from './secrets';

describe('password hashing (scrypt)', () => {
  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain('correct horse');
    await expect(verifyPassword('correct horse battery staple', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horse battery stapl', stored)).resolves.toBe(false);
    await expect(verifyPassword('anything', 'md5$abc')).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
  });

  it('normalises Unicode so the same text always matches', async () => {
    const stored = await hashPassword('heslo-\u00e9'); // é precomposed
    await expect(verifyPassword('heslo-e\u0301', stored)).resolves.toBe(true); // e + combining accent
  });

  it('token hashes are stable sha256 digests', () => {
    expect(tokenHash('abc').toString('hex')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('refuses a stored hash of another scheme, or missing its salt or hash, even with the right password', async () => {
    const stored = await hashPassword('right');
    const [, n, r, p, salt, hash] = stored.split('$');
    for (const broken of [
      ['bcrypt', n, r, p, salt, hash],
      ['scrypt', n, r, p, '', hash],
      ['scrypt', n, r, p, salt, ''],
    ])
      await expect(verifyPassword('right', broken.join('$'))).resolves.toBe(false);
  });

  it('refuses a stored hash of another length instead of failing', async () => {
    const stored = await hashPassword('right');
    const truncated = stored.slice(0, stored.lastIndexOf('$') + 1) + Buffer.alloc(32, 1).toString('base64');
    await expect(verifyPassword('right', truncated)).resolves.toBe(false);
  });

  it('hashes tokens as UTF-8', () => {
    expect(tokenHash('é').toString('hex')).toBe('4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c');
  });

  it('burns a password check that costs as a real one, however often it runs', async () => {
    for (let i = 0; i < 2; i += 1) {
      const started = process.hrtime.bigint();
      await expect(burnPasswordCheck('anything')).resolves.toBeUndefined();
      expect(Number(process.hrtime.bigint() - started) / 1e6).toBeGreaterThan(5);
    }
  });
});
