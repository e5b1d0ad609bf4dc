import { retryAfterSeconds } from './errors';
import { isRepeatable, nextDelay, RETRY_DEFAULTS } from './retry';

const options = RETRY_DEFAULTS;
const top = () => 0.999999;

describe('retry policy', () => {
  it('repeats the idempotent methods, and POST or PATCH only with a key the api honours', () => {
    for (const method of ['GET', 'head', 'OPTIONS', 'PUT', 'DELETE']) expect(isRepeatable(method, false)).toBe(true);
    for (const method of ['POST', 'PATCH']) {
      expect(isRepeatable(method, false)).toBe(false);
      expect(isRepeatable(method, true)).toBe(true);
    }
  });

  it('backs off exponentially with full jitter under a ceiling', () => {
    const network = { kind: 'network' } as const;
    expect([1, 2, 3].map((attempt) => nextDelay(network, attempt, true, options, top))).toEqual([249, 499, 999]);
    expect(nextDelay(network, 1, true, options, () => 0)).toBe(0);
    const many = { ...options, maxAttempts: 20 };
    expect(nextDelay(network, 10, true, many, top)).toBe(7_999);
  });

  it('gives up at the last attempt, exactly', () => {
    const network = { kind: 'network' } as const;
    expect(nextDelay(network, 3, true, options, top)).not.toBeNull();
    expect(nextDelay(network, 4, true, options, top)).toBeNull();
  });

  it('tries 429 for any request, 503 and lost answers only for repeatable ones, nothing else', () => {
    const status = (code: number) => ({ kind: 'status', status: code, retryAfterSeconds: null }) as const;
    expect(nextDelay(status(429), 1, false, options, top)).toBe(249);
    expect(nextDelay(status(503), 1, false, options, top)).toBeNull();
    expect(nextDelay(status(503), 1, true, options, top)).toBe(249);
    expect(nextDelay({ kind: 'network' }, 1, false, options, top)).toBeNull();
    for (const code of [400, 409, 500, 502]) expect(nextDelay(status(code), 1, true, options, top)).toBeNull();
  });

  it('honours Retry-After up to the allowed wait, inclusive', () => {
    const after = (seconds: number) => ({ kind: 'status', status: 429, retryAfterSeconds: seconds }) as const;
    expect(nextDelay(after(60), 1, false, options, () => 0)).toBe(60_000);
    expect(nextDelay(after(61), 1, false, options, () => 0)).toBeNull();
    expect(nextDelay(after(0), 1, false, options, () => 0.5)).toBe(125);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const headers = (value?: string) => new Headers(value === undefined ? {} : { 'retry-after': value });
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(retryAfterSeconds(headers('7'), now)).toBe(7);
    expect(retryAfterSeconds(headers('Sat, 28 Nov 2026 12:00:30 GMT'), now)).toBe(30);
    expect(retryAfterSeconds(headers('Sat, 28 Nov 2026 11:00:00 GMT'), now)).toBe(0);
    expect(retryAfterSeconds(headers('soon'), now)).toBeNull();
    expect(retryAfterSeconds(headers(), now)).toBeNull();
  });
});
