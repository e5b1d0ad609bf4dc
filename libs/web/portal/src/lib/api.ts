/** The JSON portal API on the page's own origin: requests and what their answers mean. */

/** One broken rule of a 422: `path` names the field (`value`, `value.name`, `files[2]`). */
export interface Detail {
  path?: string;
  message?: string;
}

/** A refused request, from the error envelope. Status 0 is a network failure. */
export interface Problem {
  status: number;
  code: string;
  reason: string;
  message: string;
  details: Detail[];
  params: Record<string, unknown>;
}

export type Answer<T = unknown> =
  | { ok: true; status: number; body: T | null }
  | { ok: false; status: number; body: unknown; problem: Problem };

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The portal API's base for the page at `/{prefix}/{slug}`: `/portal/v1/{slug}`. */
export function portalApiBase(pathname: string): string {
  return '/portal/v1/' + encodeURIComponent(decodeURIComponent(pathname.split('/').pop() || ''));
}

/** The error envelope, flat (`{error: code, message}`) or nested (`{error: {code, message}}`). */
export function problemOf(status: number, body: unknown): Problem {
  let e = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (e['error'] && typeof e['error'] === 'object') e = e['error'] as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    status,
    code: typeof e['code'] === 'string' ? e['code'] : text(e['error']),
    reason: text(e['reason']),
    message: text(e['message']),
    details: Array.isArray(e['details']) ? (e['details'] as Detail[]) : [],
    params: e['params'] && typeof e['params'] === 'object' ? (e['params'] as Record<string, unknown>) : {},
  };
}

/** An HTTP status and response text as an answer; a body that is not JSON counts as none. */
export function answer<T = unknown>(status: number, text: string): Answer<T> {
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (status >= 200 && status < 300) return { ok: true, status, body: body as T | null };
  return { ok: false, status, body, problem: problemOf(status, body) };
}

export type Call = <T = unknown>(method: Method, path: string, body?: unknown) => Promise<Answer<T>>;

/**
 * Requests to the API under `base`: JSON in and out, no cookies, nothing cached. A network failure
 * is an answer with status 0, never a rejected promise.
 */
export function createCall(base: string, fetcher: typeof fetch = (input, init) => fetch(input, init)): Call {
  return <T>(method: Method, path: string, body?: unknown) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    const init: RequestInit = { method, headers, credentials: 'omit', cache: 'no-store' };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetcher(base + path, init).then(
      (response) =>
        response.text().then(
          (text) => answer<T>(response.status, text),
          () => answer<T>(0, ''),
        ),
      () => answer<T>(0, ''),
    );
  };
}
