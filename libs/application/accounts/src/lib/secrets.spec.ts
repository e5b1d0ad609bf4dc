import { hashPassword, tokenHash, verifyPassword } from './secrets';

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
});
