import { HttpException } from '@nestjs/common';
import { DomainError, ERROR_STATUS, type ErrorCode, type ErrorDetail } from '@intake/errors';

/** The error body of the OpenAPI document (docs/adr/0007-one-error-catalogue-input-refused-not-repaired.md). */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  request_id: string;
  reason?: string;
  params?: Record<string, unknown>;
  details?: ErrorDetail[];
}

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
  /** True for failures we did not expect: logged in full, answered with a generic message. */
  unexpected: boolean;
}

/** Turns an error the app does not know about into a DomainError, or leaves it (e.g. the database adapter's 503). */
export type ErrorTranslator = (error: unknown) => DomainError | undefined;

/** Injection token of the translators the app registers (adapters supply them). */
export const ERROR_TRANSLATORS = Symbol('ERROR_TRANSLATORS');

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message?: string;
}

const INTERNAL_MESSAGE = 'An unexpected error occurred; it has been logged. Retrying with exponential backoff is safe.';

export const malformedJson = () =>
  new DomainError('invalid_request', 'The request body is not valid JSON.', { reason: 'malformed_json' });

/** Never 413 payload_too_large, which the spec reserves: an oversized body is 422. */
const bodyTooLarge = () =>
  new DomainError('unprocessable', 'The request body is larger than the server accepts.', {
    reason: 'body_too_large',
    details: [{ path: 'body', message: 'is larger than the server accepts' }],
  });

/** A body whose Content-Type the operation does not take (text/plain where JSON is expected). */
export const unsupportedMediaType = () =>
  new DomainError(
    'unsupported_media_type',
    'The Content-Type of the request body is not accepted here: send application/json (or multipart/form-data where an upload is expected).',
  );

/** Errors Fastify raises itself, before any handler runs (body parsing, limits), when they arrive unwrapped. */
function fromFastify(error: FastifyLikeError): DomainError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return malformedJson();
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLarge();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return unsupportedMediaType();
    default:
      return undefined;
  }
}

function fromHttpException(error: HttpException): DomainError {
  const status = error.getStatus();
  switch (status) {
    case 404:
      return new DomainError('not_found', 'No such route or resource.');
    case 405:
      return new DomainError('not_found', 'No such route or resource.');
    case 401:
      return new DomainError('unauthorized', 'Authentication is required.');
    case 403:
      return new DomainError('forbidden', 'This operation is not allowed.');
    // Nest rewraps Fastify's own errors as HttpException(message, status), losing their codes.
    case 413:
      return bodyTooLarge();
    case 415:
      return unsupportedMediaType();
    case 422:
      return new DomainError('unprocessable', error.message);
    case 429:
      return new DomainError('rate_limited', 'Too many requests.');
    default:
      if (status >= 400 && status < 500) return new DomainError('invalid_request', error.message);
      return new DomainError('internal_error', INTERNAL_MESSAGE);
  }
}

/**
 * The one mapping from any thrown value to the spec's envelope, used by the Nest exception filter
 * and by Fastify's own error handler alike. Unknown errors become 500 internal_error whose body
 * holds no stack, SQL or driver text.
 */
export function toErrorResponse(
  error: unknown,
  requestId: string,
  translators: readonly ErrorTranslator[] = [],
): ErrorResponse {
  let domain: DomainError | undefined;
  let unexpected = false;
  if (error instanceof DomainError) domain = error;
  else
    domain =
      fromFastify(error as FastifyLikeError) ?? (error instanceof HttpException ? fromHttpException(error) : undefined);
  if (!domain) {
    for (const translate of translators) {
      domain = translate(error);
      if (domain) break;
    }
  }
  if (!domain) {
    unexpected = true;
    domain = new DomainError('internal_error', INTERNAL_MESSAGE);
  }

  const body: ErrorBody = {
    error: domain.code,
    message: domain.message,
    request_id: requestId,
  };
  if (domain.reason !== undefined) body.reason = domain.reason;
  if (domain.params !== undefined) body.params = domain.params;
  if (domain.details !== undefined) body.details = domain.details;
  const headers: Record<string, string> = {};
  if (domain.retryAfterSeconds !== undefined)
    headers['retry-after'] = String(Math.max(0, Math.ceil(domain.retryAfterSeconds)));
  return { status: ERROR_STATUS[domain.code], body, headers, unexpected };
}
