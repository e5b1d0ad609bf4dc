/** The spec's error codes (SPEC.md "Errors"), with their HTTP status. */
export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  quota_exceeded: 402,
  plan_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  item_answer_would_be_discarded: 409,
  gone: 410,
  payload_too_large: 413,
  download_too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
