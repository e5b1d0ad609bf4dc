import { DomainError } from '@intake/errors';

/** Node socket errors that mean the server cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is there but not serving: class 08 (connection exception),
 * 57P01-57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[123]|53300)$/;

const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection is not established',
];

/**
 * TypeORM releases a query runner whose connection emits an error; a transaction whose connection
 * was lost between two statements then fails its next one with one of these (through the runner,
 * or through its entity manager), not with the socket error. The unit of work owns every runner,
 * so a released one is never reached otherwise.
 */
const RELEASED_RUNNER = new Set(['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError']);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** True when `error` (a pg or TypeORM error, possibly wrapped) means PostgreSQL is unreachable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as ErrorLike;
  if (typeof e.name === 'string' && RELEASED_RUNNER.has(e.name)) return true;
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((text) => (e.message as string).includes(text))) {
    return true;
  }
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.driverError, depth + 1) || isDatabaseUnavailable(e.cause, depth + 1);
}

/** Seconds a client should wait before retrying after the database was unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Translates an unreachable-database failure into the spec's 503; anything else is left alone. */
export function translateDatabaseError(error: unknown): DomainError | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  return new DomainError('service_unavailable', 'The database is temporarily unreachable; retry shortly.', {
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  });
}
