import type { components } from '../generated/openapi';

/** The error envelope every non-2xx answer of the api carries (`ApiError` in the OpenAPI document). */
export type ErrorEnvelope = components['schemas']['ApiError'];
export type ErrorCode = ErrorEnvelope['error'];

/**
 * Every failed call throws this one class: the HTTP status and the api's envelope, as sent.
 * `code` is the envelope's `error` (`not_found`, `unprocessable`, `rate_limited`, …), `reason`
 * narrows it where the api gives one, `details` names the offending fields and `requestId` is what
 * to quote to support. An answer that is not the envelope (a proxy's HTML page) still throws this
 * class, with `code` derived from the status and the text in `message`.
 */
export class IntakeApiError extends Error {
  override readonly name = 'IntakeApiError';

  constructor(
    readonly status: number,
    readonly envelope: ErrorEnvelope,
    /** Seconds the api asked to wait (`Retry-After`), when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status} ${envelope.error}${envelope.reason ? ` (${envelope.reason})` : ''}: ${envelope.message}`);
  }

  get code(): ErrorCode {
    return this.envelope.error;
  }

  get reason(): string | undefined {
    return this.envelope.reason;
  }

  get details(): ErrorEnvelope['details'] {
    return this.envelope.details;
  }

  get requestId(): string {
    return this.envelope.request_id;
  }

  /** Builds the error from a failed response, reading its body once. */
  static async fromResponse(response: Response): Promise<IntakeApiError> {
    const text = await response.text().catch(() => '');
    return new IntakeApiError(response.status, envelopeOf(response, text), retryAfterSeconds(response.headers));
  }
}

/** No answer at all: the connection failed or timed out, after the retries the client allows. */
export class IntakeNetworkError extends Error {
  override readonly name = 'IntakeNetworkError';

  constructor(
    readonly method: string,
    readonly url: string,
    override readonly cause: unknown,
  ) {
    super(`${method} ${url}: no answer (${cause instanceof Error ? cause.message : String(cause)})`);
  }
}

const FALLBACK_CODES: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  503: 'service_unavailable',
};

function envelopeOf(response: Response, text: string): ErrorEnvelope {
  try {
    const parsed: unknown = JSON.parse(text);
    if (isEnvelope(parsed)) return parsed;
  } catch {
    // not JSON: described below
  }
  return {
    error: FALLBACK_CODES[response.status] ?? 'internal_error',
    message: text.slice(0, 500) || response.statusText || `HTTP ${response.status}`,
    request_id: response.headers.get('x-request-id') ?? '',
  };
}

function isEnvelope(value: unknown): value is ErrorEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | null {
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
