import type { IncomingHttpHeaders } from 'node:http';

/** One year, with subdomains: what browsers' preload lists ask for (docs/security.md, "Design notes: security headers, CORS and the event loop"). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * What a JSON API may be in a browser: nothing. No resource, no framing, no form target. The
 * portal page sets its own policy (PORTAL_PAGE_HEADERS), which replaces this one on its route;
 * on an uploaded file served from local storage this one stops an uploaded SVG or HTML from
 * running anything.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The headers every answer of every app starts with, set once per request before any handler
 * runs (a route replaces one by setting it again, as the portal page and its script do). The
 * set follows helmet's defaults where they mean something for a JSON API; see docs/security.md
 * ("Design notes: security headers, CORS and the event loop") for why @fastify/helmet itself is not on the request path.
 *
 * - `X-Content-Type-Options: nosniff`: a browser never reads JSON or an upload as script or HTML.
 * - `Cache-Control: no-store`: answers carry credentials' results, secrets, portal slugs and signed
 *   URLs; a route that is safe to cache (the portal script) says so itself, and an authenticated
 *   request is never cacheable whatever the route says (`keepUncacheable`).
 * - `Referrer-Policy: no-referrer`: the URLs of this service are credentials (portal slugs, signed
 *   file URLs); none may leave in a Referer, not even as an origin.
 * - `X-Frame-Options: DENY` with CSP `frame-ancestors 'none'`: nothing here is meant to be framed.
 * - `Strict-Transport-Security` only when PUBLIC_BASE_URL is https (over plain http browsers
 *   ignore it, and a development machine must not be pinned to TLS).
 */
export function securityHeaders(settings: { https: boolean }): Readonly<Record<string, string>> {
  return {
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'content-security-policy': API_CSP,
    ...(settings.https ? { 'strict-transport-security': HSTS } : {}),
  };
}

/** The dashboard session's cookie (HttpOnly), set by POST /v1/auth/login with CSRF_COOKIE. */
export const SESSION_COOKIE = 'sid';
/** The CSRF double-submit cookie, readable by the dashboard's script. */
export const CSRF_COOKIE = 'csrf_token';

const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);

/** Whether a request carries an account's credentials: an Authorization header or the session cookie. */
export function hasCredentials(headers: IncomingHttpHeaders): boolean {
  if (headers.authorization !== undefined) return true;
  const cookie = headers.cookie;
  return cookie !== undefined && SESSION_COOKIE_PATTERN.test(cookie);
}

/** A Cache-Control value that forbids storing the answer anywhere. */
export const isUncacheable = (value: unknown): boolean => typeof value === 'string' && /\bno-store\b/.test(value);
