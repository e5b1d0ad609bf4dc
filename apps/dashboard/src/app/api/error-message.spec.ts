import { errorMessageKey, supportReference } from './error-message';
import { ApiFailure, failureOf, isRetryable, isUnauthorized, NetworkFailure } from './failures';

const envelope = (error: string, reason?: string) => ({
  error,
  message: 'English text from the API, never shown',
  request_id: 'req_1',
  ...(reason ? { reason } : {}),
});

describe('the sentence for a failure', () => {
  it('is the reason’s own when the catalogue has one', () => {
    expect(errorMessageKey(failureOf(409, envelope('conflict', 'email_taken')))).toBe('error.conflict.email_taken');
    expect(errorMessageKey(failureOf(429, envelope('rate_limited', 'login_throttled')))).toBe(
      'error.rate_limited.login_throttled',
    );
  });

  it('is the page’s context, then the code’s, for a reason the catalogue does not know', () => {
    expect(errorMessageKey(failureOf(401, envelope('unauthorized')), 'login')).toBe('error.unauthorized.login');
    expect(errorMessageKey(failureOf(401, envelope('unauthorized')))).toBe('error.unauthorized');
    expect(errorMessageKey(failureOf(409, envelope('conflict', 'brand_new_reason')))).toBe('error.conflict');
  });

  it('is a general one for a code it does not know, a body that is not the envelope, or no answer', () => {
    expect(errorMessageKey(failureOf(418, envelope('teapot')))).toBe('error.unknown');
    expect(errorMessageKey(failureOf(502, '<html>Bad gateway</html>'))).toBe('error.internal_error');
    expect(errorMessageKey(failureOf(400, 'nope'))).toBe('error.unknown');
    expect(errorMessageKey(new NetworkFailure(new TypeError('Failed to fetch')))).toBe('error.network');
    expect(errorMessageKey(new Error('bug'))).toBe('error.unknown');
  });

  it('comes with the request id to quote only when the server itself failed', () => {
    expect(supportReference(failureOf(500, envelope('internal_error')))).toBe('req_1');
    expect(supportReference(failureOf(404, envelope('not_found')))).toBeUndefined();
  });
});

describe('failures', () => {
  it('keep the envelope only when the body is one', () => {
    expect(failureOf(404, envelope('not_found')).envelope?.error).toBe('not_found');
    expect(failureOf(404, { error: 'not_found' }).envelope).toBeNull();
    expect(failureOf(404, null)).toBeInstanceOf(ApiFailure);
  });

  it('end the session on 401 and are retried only when retrying can help', () => {
    expect(isUnauthorized(failureOf(401, envelope('unauthorized')))).toBe(true);
    expect(isUnauthorized(failureOf(403, envelope('forbidden')))).toBe(false);
    expect(isRetryable(new NetworkFailure(undefined))).toBe(true);
    expect(isRetryable(failureOf(503, envelope('service_unavailable')))).toBe(true);
    expect(isRetryable(failureOf(422, envelope('unprocessable')))).toBe(false);
  });
});
