import { ApiExtension } from '@nestjs/swagger';
import { ERROR_CATALOGUE, type ErrorCase, type ErrorCode } from '@intake/errors';

/** Where a handler's own error cases wait in the document until `documentErrors` folds them in. */
export const ERROR_CASES_EXTENSION = 'x-error-cases';

/**
 * The errors an operation answers beyond those every operation of its kind can (authentication,
 * validation, unknown ids, outages: added from the operation itself by `documentErrors`). Every
 * code and reason must be in the error catalogue, which the compiler checks.
 */
export const ApiErrors = (...cases: ErrorCase[]) => ApiExtension(ERROR_CASES_EXTENSION, cases);

/** One answer of an operation as the document lists it under `x-errors`. */
export interface DocumentedError {
  status: number;
  error: ErrorCode;
  reason?: string;
}

interface OperationLike {
  parameters?: Array<{ in?: string }>;
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, unknown>;
  [extension: `x-${string}`]: unknown;
}

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

/** The cases every operation of this shape can answer, whatever its handler does. */
function implicitCases(method: string, operation: OperationLike): ErrorCase[] {
  const cases: ErrorCase[] = [{ error: 'internal_error' }, { error: 'service_unavailable' }];
  const parameters = operation.parameters ?? [];
  if (operation.requestBody || UNSAFE.has(method)) {
    // Fastify reads whatever body an unsafe request carries, JSON included, before any handler
    // runs: an operation that takes no body (or only multipart) still refuses a broken one.
    cases.push(
      { error: 'invalid_request', reason: 'malformed_json' },
      { error: 'unsupported_media_type' },
      { error: 'unprocessable', reason: 'body_too_large' },
    );
  }
  if (operation.requestBody || parameters.length > 0) {
    // Body and query rules, and the NUL rule every parameter shares (a NUL in a path parameter too).
    cases.push({ error: 'unprocessable', reason: 'validation_failed' });
  }
  if (parameters.some((p) => p.in === 'path')) cases.push({ error: 'not_found' });
  const access = operation['x-access'] as
    | { via: string; scope: string | null; role: string | null; role_reason?: 'owner_only' | 'secrets_owner_only' }
    | undefined;
  if (access?.via === 'provider') {
    // A shared secret, not an account's credentials: no request limit, no CSRF, no scope.
    cases.push({ error: 'unauthorized' });
  } else if (access) {
    cases.push({ error: 'unauthorized' }, { error: 'rate_limited', reason: 'hourly_limit' });
    if (access.via !== 'key' && UNSAFE.has(method)) cases.push({ error: 'forbidden', reason: 'csrf' });
    if (access.via === 'session') cases.push({ error: 'forbidden', reason: 'session_only' });
    if (access.via === 'key') cases.push({ error: 'forbidden', reason: 'key_only' });
    if (access.scope) cases.push({ error: 'forbidden', reason: 'missing_scope' });
    if (access.role === 'owner') cases.push({ error: 'forbidden', reason: access.role_reason ?? 'owner_only' });
  }
  return cases;
}

const reasonsOf = (code: ErrorCode) => ERROR_CATALOGUE[code].reasons as Record<string, string>;

/**
 * Lists every error an operation can answer: its handler's cases (`ApiErrors`) and the implicit
 * ones, as `x-errors` ({status, error, reason}) and as one response per status whose description
 * names each code and reason with its meaning.
 */
export function documentErrors(method: string, operation: OperationLike, errorResponse: object): void {
  const declared = (operation[ERROR_CASES_EXTENSION] as ErrorCase[] | undefined) ?? [];
  delete operation[ERROR_CASES_EXTENSION];
  const seen = new Set<string>();
  const cases: DocumentedError[] = [];
  for (const { error, reason } of [...implicitCases(method, operation), ...declared]) {
    const id = `${error}/${reason ?? ''}`;
    if (seen.has(id)) continue;
    seen.add(id);
    cases.push({ status: ERROR_CATALOGUE[error].status, error, ...(reason ? { reason } : {}) });
  }
  cases.sort(
    (a, b) => a.status - b.status || a.error.localeCompare(b.error) || (a.reason ?? '').localeCompare(b.reason ?? ''),
  );
  operation['x-errors'] = cases;
  for (const status of new Set(cases.map((c) => c.status))) {
    const lines = cases
      .filter((c) => c.status === status)
      .map((c) =>
        c.reason ? `\`${c.error}\` reason \`${c.reason}\`: ${reasonsOf(c.error)[c.reason]}` : `\`${c.error}\``,
      );
    operation.responses[String(status)] = { ...errorResponse, description: lines.join('; ') };
  }
}

/** Whether an answer (error code and reason) is among the operation's documented errors. */
export function isDocumentedError(documented: readonly DocumentedError[], error: string, reason?: string): boolean {
  return documented.some((c) => c.error === error && (c.reason ?? undefined) === (reason ?? undefined));
}
