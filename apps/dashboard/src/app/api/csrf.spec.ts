import { csrfToken, needsCsrfToken } from './csrf';

describe('the CSRF header', () => {
  it('is read from the csrf_token cookie', () => {
    expect(csrfToken('theme=dark; csrf_token=abc%3D%3D; other=1')).toBe('abc==');
    expect(csrfToken('csrf_token=a=b')).toBe('a=b');
    expect(csrfToken('xcsrf_token=nope')).toBeUndefined();
    expect(csrfToken('')).toBeUndefined();
  });

  it('goes with every method that changes something', () => {
    expect(['POST', 'PATCH', 'PUT', 'DELETE', 'post'].map(needsCsrfToken)).toEqual([true, true, true, true, true]);
    expect(['GET', 'HEAD', 'OPTIONS', 'get'].map(needsCsrfToken)).toEqual([false, false, false, false]);
  });
});
