import { ID_PREFIXES, type IdKind, isId, newId, randomToken } from './ids';

describe('ids', () => {
  const kinds = Object.keys(ID_PREFIXES) as IdKind[];

  it.each(kinds)('%s ids carry the spec prefix and 128 random bits', (kind) => {
    const id = newId(kind);
    expect(id.startsWith(`${ID_PREFIXES[kind]}_`)).toBe(true);
    const random = id.slice(ID_PREFIXES[kind].length + 1);
    expect(Buffer.from(random, 'base64url')).toHaveLength(16);
    expect(isId(kind, id)).toBe(true);
  });

  it('uses only URL-safe characters', () => {
    for (let i = 0; i < 200; i += 1) {
      const id = newId('intake');
      expect(encodeURIComponent(id)).toBe(id);
    }
  });

  it('does not repeat', () => {
    const seen = new Set(Array.from({ length: 10_000 }, () => newId('request')));
    expect(seen.size).toBe(10_000);
  });

  it('rejects a wrong prefix or a malformed random part', () => {
    expect(isId('intake', newId('folder'))).toBe(false);
    expect(isId('intake', 'in_short')).toBe(false);
    expect(isId('intake', 'in_' + 'a'.repeat(21) + '/')).toBe(false);
    expect(isId('intake', 42)).toBe(false);
    // 22 characters, not 22 somewhere in more.
    expect(isId('intake', 'in_' + 'a'.repeat(23))).toBe(false);
    expect(isId('intake', 'in_!' + 'a'.repeat(22))).toBe(false);
    expect(isId('intake', 'in_' + 'a'.repeat(22) + '!')).toBe(false);
  });

  it('refuses tokens under 96 bits', () => {
    expect(() => randomToken(11)).toThrow(new RangeError('a token needs at least 12 random bytes (96 bits)'));
    expect(() => randomToken(12.5)).toThrow(RangeError);
    expect(randomToken(12)).toHaveLength(16);
    expect(randomToken(32)).toHaveLength(43);
  });
});
