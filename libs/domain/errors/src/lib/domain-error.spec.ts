import { DomainError, isDomainError, notFound, validationFailed } from './domain-error';
import { ERROR_CATALOGUE, ERROR_STATUS, isCatalogued, statusOf } from './error-codes';

describe('domain errors', () => {
  it('maps every spec code to its status', () => {
    expect(statusOf('invalid_request')).toBe(400);
    expect(statusOf('unprocessable')).toBe(422);
    expect(statusOf('item_answer_would_be_discarded')).toBe(409);
    expect(statusOf('service_unavailable')).toBe(503);
    // The spec's fifteen, and 415 for a body that is not JSON (issue #28).
    expect(statusOf('unsupported_media_type')).toBe(415);
    expect(isCatalogued('invalid_request', 'unsupported_media_type')).toBe(false);
    expect(Object.keys(ERROR_STATUS)).toHaveLength(16);
  });

  it('carries reason, params, details and retry-after', () => {
    const error = new DomainError('rate_limited', 'slow down', {
      reason: 'intake_invites',
      params: { limit: 30 },
      retryAfterSeconds: 12,
    });
    expect(error).toBeInstanceOf(Error);
    expect(isDomainError(error)).toBe(true);
    expect(error.reason).toBe('intake_invites');
    expect(error.params).toEqual({ limit: 30 });
    expect(error.retryAfterSeconds).toBe(12);
  });

  it('builds validation and not-found errors', () => {
    const v = validationFailed([{ path: 'client.email', message: 'must be an e-mail address' }]);
    expect(v.code).toBe('unprocessable');
    expect(v.reason).toBe('validation_failed');
    expect(v.details).toHaveLength(1);
    const missing = notFound('Intake', 'file_not_found');
    expect(missing.message).toBe('Intake was not found.');
    expect([missing.code, missing.reason, missing.name]).toEqual(['not_found', 'file_not_found', 'DomainError']);
    expect(v.message).toBe('The request is invalid.');
    expect(isDomainError(new Error('x'))).toBe(false);
  });
});

describe('the error catalogue', () => {
  const reasons = Object.entries(ERROR_CATALOGUE).flatMap(([code, entry]) =>
    Object.entries(entry.reasons as Record<string, string>).map(([reason, meaning]) => ({ code, reason, meaning })),
  );

  it('gives every code a 4xx or 5xx status', () => {
    for (const entry of Object.values(ERROR_CATALOGUE)) {
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
    }
  });

  it('says what every reason means, and a reason belongs to one code only', () => {
    for (const { meaning } of reasons) expect(meaning.trim().length).toBeGreaterThan(10);
    const names = reasons.map((r) => r.reason);
    expect(new Set(names).size).toBe(names.length);
  });

  it('tells catalogued codes and reasons from others', () => {
    expect(isCatalogued('conflict')).toBe(true);
    expect(isCatalogued('conflict', 'intake_archived')).toBe(true);
    expect(isCatalogued('not_found', 'intake_archived')).toBe(false);
    expect(isCatalogued('teapot')).toBe(false);
    expect(isCatalogued('unauthorized', 'anything')).toBe(false);
    expect(isCatalogued('conflict', 'toString')).toBe(false);
  });
});
