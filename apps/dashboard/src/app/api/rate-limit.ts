import { type Middleware } from 'openapi-fetch';

/** The account's hourly request budget as the last answer's X-RateLimit-* headers gave it. */
export interface RateLimit {
  limit: number;
  remaining: number;
  /** When the window resets (the top of the hour). */
  resetAt: Date;
}

let latest: RateLimit | undefined;

/** The X-RateLimit-* headers of an answer; undefined when it has none (public routes, the portal). */
export function rateLimitOf(headers: Headers): RateLimit | undefined {
  const limit = Number(headers.get('x-ratelimit-limit'));
  const remaining = Number(headers.get('x-ratelimit-remaining'));
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (![limit, remaining, reset].every(Number.isFinite) || !headers.has('x-ratelimit-limit') || limit <= 0)
    return undefined;
  return { limit, remaining, resetAt: new Date(reset * 1000) };
}

/** The budget last seen by any request of the dashboard (every session request counts against it). */
export const latestRateLimit = (): RateLimit | undefined => latest;

/** Remembers every answer's budget (api/client.ts installs it). */
export const rateLimitRecorder: Middleware = {
  onResponse({ response }) {
    latest = rateLimitOf(response.headers) ?? latest;
    return undefined;
  },
};
