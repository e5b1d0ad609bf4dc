import { en, type MessageKey } from '../i18n/catalogues/en';
import { ApiFailure, NetworkFailure } from './failures';

export const isMessageKey = (key: string): key is MessageKey => Object.prototype.hasOwnProperty.call(en, key);

/**
 * The catalogue key of the sentence that explains a failure, never a raw code: for an error
 * envelope the most precise of `error.<error>.<reason>`, `error.<error>.<context>` (what the page
 * was doing, e.g. `login`, where a 401 means wrong credentials rather than an ended session) and
 * `error.<error>` that the catalogue has; `error.network` when no answer came; `error.unknown`
 * for anything else (an envelope code this dashboard does not know yet).
 */
export function errorMessageKey(failure: unknown, context?: string): MessageKey {
  if (failure instanceof NetworkFailure) return 'error.network';
  if (!(failure instanceof ApiFailure) || !failure.envelope) {
    if (failure instanceof ApiFailure && failure.status >= 500) return 'error.internal_error';
    return 'error.unknown';
  }
  const { error, reason } = failure.envelope;
  const candidates = [
    reason ? `error.${error}.${reason}` : undefined,
    context ? `error.${error}.${context}` : undefined,
    `error.${error}`,
  ];
  return candidates.find((key): key is MessageKey => key !== undefined && isMessageKey(key)) ?? 'error.unknown';
}

/** The request id to quote to support, for the server's own failures (5xx). */
export function supportReference(failure: unknown): string | undefined {
  return failure instanceof ApiFailure && failure.status >= 500 ? failure.envelope?.request_id : undefined;
}
