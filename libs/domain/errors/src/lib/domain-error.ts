import { type ErrorCode, type ErrorReason } from './error-codes';

/** One offending field of a validation failure: `path` in dotted/indexed form (`items[0].key`). */
export interface ErrorDetail {
  path: string;
  message: string;
}

export interface DomainErrorOptions<C extends ErrorCode = ErrorCode> {
  /** One of the reasons the catalogue lists for the code. */
  reason?: ErrorReason<C>;
  params?: Record<string, unknown>;
  details?: ErrorDetail[];
  /** Seconds the caller should wait (sent as Retry-After). */
  retryAfterSeconds?: number;
}

/**
 * An expected failure, described in the spec's vocabulary. Code in every layer throws or returns
 * these; the HTTP edge alone turns them into the error envelope.
 */
export class DomainError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly reason?: ErrorReason<C>;
  readonly params?: Record<string, unknown>;
  readonly details?: ErrorDetail[];
  readonly retryAfterSeconds?: number;

  constructor(code: C, message: string, options: DomainErrorOptions<C> = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.reason = options.reason;
    this.params = options.params;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** 422 unprocessable, reason validation_failed, one detail per offending field. */
export function validationFailed(
  details: ErrorDetail[],
  message = 'The request is invalid.',
): DomainError<'unprocessable'> {
  return new DomainError('unprocessable', message, {
    reason: 'validation_failed',
    details,
  });
}

export function notFound(what: string, reason?: ErrorReason<'not_found'>): DomainError<'not_found'> {
  return new DomainError('not_found', `${what} was not found.`, { reason });
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
