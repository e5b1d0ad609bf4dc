import { type Session } from './accounts-client';
import { type Api } from './api-test-app';
import {
  type Body,
  bodyOf,
  type Method,
  type OpenApiDocument,
  type Operation,
  queryOf,
} from './access-matrix.document';

/** Who calls, as the headers they send. */
export interface Caller {
  who: string;
  headers(method: Method): Record<string, string>;
}

export const anonymous = (who: string, headers: Record<string, string> = {}): Caller => ({
  who,
  headers: () => headers,
});

export const withKey = (who: string, key: string): Caller => anonymous(who, { authorization: `Bearer ${key}` });

/** How a session caller treats the CSRF double submit on unsafe methods. */
export type Csrf = 'header' | 'no header' | 'wrong header' | 'no csrf cookie';

/** A dashboard session: its cookies, and on unsafe methods the X-CSRF-Token header (or not). */
export function withSession(who: string, session: () => Session, csrf: Csrf = 'header'): Caller {
  return {
    who,
    headers: (method): Record<string, string> => {
      const { cookie, csrf: token, sid } = session();
      if (method === 'GET') return { cookie };
      switch (csrf) {
        case 'header':
          return { cookie, 'x-csrf-token': token };
        case 'no header':
          return { cookie };
        case 'wrong header':
          return { cookie, 'x-csrf-token': `${token}x` };
        case 'no csrf cookie':
          return { cookie: `sid=${sid}`, 'x-csrf-token': token };
      }
    },
  };
}

/** What came back, as the matrix compares it. */
export interface Answer {
  who: string;
  status: number;
  error?: string;
  reason?: string;
  message?: string;
}

const bodies = new WeakMap<Operation, Body | null>();

/** The operation's sampled body, made once. */
export function sampledBody(operation: Operation, document: OpenApiDocument): Body | undefined {
  if (!bodies.has(operation)) bodies.set(operation, bodyOf(operation, document) ?? null);
  return bodies.get(operation) ?? undefined;
}

export function urlOf(
  operation: Operation,
  values: Record<string, string>,
  query: Record<string, string> = {},
): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${operation.name}: no value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

export interface Call {
  caller: Caller;
  values: Record<string, string>;
  /** Another body than the sampled one (an invalid or unparseable one). */
  body?: Body;
}

/** Sends one request of the operation through `inject`. */
export async function send(api: Api, document: OpenApiDocument, operation: Operation, call: Call): Promise<Answer> {
  const body = call.body ?? sampledBody(operation, document);
  const response = await api.t.app.inject({
    method: operation.method,
    url: urlOf(operation, call.values, queryOf(operation, document)),
    payload: body?.payload,
    headers: { ...(body?.headers ?? {}), ...call.caller.headers(operation.method) },
  });
  let parsed: { error?: string; reason?: string; message?: string } = {};
  try {
    parsed = JSON.parse(response.body || '{}');
  } catch {
    // Not JSON (a redirect, a file): only the status counts.
  }
  return {
    who: call.caller.who,
    status: response.statusCode,
    ...(parsed.error ? { error: parsed.error } : {}),
    ...(parsed.reason ? { reason: parsed.reason } : {}),
    ...(parsed.message ? { message: parsed.message } : {}),
  };
}
