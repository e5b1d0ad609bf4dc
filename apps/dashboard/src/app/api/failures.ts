import type { components } from '@intake/sdk-types';

/** The API's error envelope (`error`, `message`, `request_id`, maybe `reason`, `params`, `details`). */
export type ErrorEnvelope = components['schemas']['ApiError'];

/** The API answered with an error status. `envelope` is null when the body was not the envelope. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly envelope: ErrorEnvelope | null,
  ) {
    super(envelope ? `${status} ${envelope.error}${envelope.reason ? ` (${envelope.reason})` : ''}` : `HTTP ${status}`);
    this.name = 'ApiFailure';
  }
}

/** The request never got an answer (offline, DNS, the connection dropped). */
export class NetworkFailure extends Error {
  constructor(cause: unknown) {
    super('network failure', { cause });
    this.name = 'NetworkFailure';
  }
}

const isEnvelope = (body: unknown): body is ErrorEnvelope =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { error?: unknown }).error === 'string' &&
  typeof (body as { request_id?: unknown }).request_id === 'string';

/** The failure for an error answer: its status and, when the body is one, the envelope. */
export const failureOf = (status: number, body: unknown): ApiFailure =>
  new ApiFailure(status, isEnvelope(body) ? body : null);

/** The session is missing or over: the page goes to sign-in. */
export const isUnauthorized = (error: unknown): boolean => error instanceof ApiFailure && error.status === 401;

/** Worth a second attempt: no answer, or the server's own trouble (5xx); a 4xx will not change. */
export const isRetryable = (error: unknown): boolean =>
  error instanceof NetworkFailure || (error instanceof ApiFailure && error.status >= 500);
