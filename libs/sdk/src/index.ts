export {
  createIntakeClient,
  type IntakeClient,
  type IntakeClientOptions,
  type EntryOf,
  type PaginatedPath,
} from './lib/client';
export { IntakeApiError, IntakeNetworkError, type ErrorCode, type ErrorEnvelope } from './lib/errors';
export { type RetryOptions } from './lib/retry';
export type { paths, components, operations } from './generated/openapi';
export { IDEMPOTENT_OPERATIONS, PAGINATED_LISTS } from './generated/operations';
/** Checking the signature of the service's webhook requests on the receiving side. */
export {
  verify as verifyWebhook,
  sign as signWebhook,
  SIGNATURE_HEADER,
  DEFAULT_TOLERANCE_SECONDS,
  type VerifyResult,
  type VerifyOptions,
  type VerifyFailureReason,
} from '@intake/webhook-verify';
