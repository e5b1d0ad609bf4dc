/** The CSRF double-submit cookie the api sets at sign-in (readable by script, unlike the session's). */
export const CSRF_COOKIE = 'csrf_token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The api checks the X-CSRF-Token header on every method but these. */
export const needsCsrfToken = (method: string): boolean => !SAFE_METHODS.has(method.toUpperCase());

/** The csrf_token cookie's value in a `document.cookie` string. */
export function csrfToken(cookies: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}
