import { timingSafeEqual } from 'node:crypto';
import { csrfTokenMatches } from './csrf-token';

// The real comparison, watched: the test proves every answer goes through timingSafeEqual.
jest.mock('node:crypto', () => {
  const actual = jest.requireActual<typeof import('node:crypto')>('node:crypto');
  return { ...actual, timingSafeEqual: jest.fn(actual.timingSafeEqual) };
});
const compare = jest.mocked(timingSafeEqual);

describe('the CSRF double-submit check', () => {
  const token = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA';

  it.each`
    cookie       | header                 | matches
    ${token}     | ${token}               | ${true}
    ${token}     | ${`${token}x`}         | ${false}
    ${token}     | ${token.slice(0, -1)}  | ${false}
    ${token}     | ${token.toUpperCase()} | ${false}
    ${token}     | ${''}                  | ${false}
    ${token}     | ${undefined}           | ${false}
    ${token}     | ${[token, token]}      | ${false}
    ${undefined} | ${token}               | ${false}
    ${''}        | ${''}                  | ${false}
  `('cookie $cookie, header $header → $matches', ({ cookie, header, matches }) => {
    expect(csrfTokenMatches(cookie, header)).toBe(matches);
  });

  it('compares in constant time, whether the lengths are equal or not', () => {
    compare.mockClear();
    expect(csrfTokenMatches(token, `${token.slice(0, -1)}!`)).toBe(false);
    expect(csrfTokenMatches(token, 'short')).toBe(false);
    expect(csrfTokenMatches(token, token)).toBe(true);
    expect(compare).toHaveBeenCalledTimes(3);
    // Equal-length digests, so timingSafeEqual never throws on (or leaks) a length difference.
    for (const [a, b] of compare.mock.calls) expect((a as Buffer).length).toBe((b as Buffer).length);
  });
});
