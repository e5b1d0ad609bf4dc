import { DomainError, isDomainError, notFound, validationFailed } from './domain-error';
import { ERROR_STATUS, statusOf } from './error-codes';

describe('domain errors', () => {
  it('maps every spec code to its status', () => {
    expect(statusOf('invalid_request')).toBe(400);
    expect(statusOf('unprocessable')).toBe(422);
    expect(statusOf('item_answer_would_be_discarded')).toBe(409);
    expect(statusOf('service_unavailable')).toBe(503);
    expect(Object.keys(ERROR_STATUS)).toHaveLength(15);
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
    expect(notFound('Intake', 'x').message).toBe('Intake was not found.');
    expect(isDomainError(new Error('x'))).toBe(false);
  });
});
