import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { IntakeApiError, IntakeNetworkError } from '@intake/sdk';

/** What a model should do after a refusal, by the envelope's `error` and `reason`. */
const NEXT_STEP_BY_REASON: Record<string, string> = {
  missing_scope:
    'This API key lacks the scope the operation needs; do not retry. Tell the user that the key needs the intakes:write scope (or admin).',
  session_only:
    'Only the account owner can do this, in the dashboard; tell the user what to decide there instead of retrying.',
  secrets_owner_only: 'Only the account owner can read this secret, in the dashboard; tell the user.',
  hourly_limit: 'The account’s hourly request limit is reached; wait the number of seconds given before calling again.',
  item_not_submitted:
    'The client has not submitted this item yet; check get_intake_status, and chase_client if the client needs a reminder.',
  item_not_found: 'The intake has no item with this key; call get_intake_status to see the item keys.',
  intake_archived: 'The intake is archived and can no longer change; create a new intake if more is needed.',
  intake_completed: 'The intake is already complete: nothing is missing, so there is no one to chase; collect_results.',
  not_sent: 'The intake is a draft and has not been sent to the client; it cannot be chased yet.',
  recipients_bounced: 'Every address of the client bounced; ask the user for a working e-mail address of the client.',
  manual_chase_account: 'Too many manual chases in a short time; wait before chasing again.',
  manual_chase_intake: 'This intake was chased very recently; wait before chasing it again.',
  item_approved: 'The item is already approved; nothing to do.',
  item_waived: 'The item is waived; nothing to do unless the user wants it back.',
  owner_item: 'This is the owner’s own item, not one the client supplies; the operation is for client items.',
  concurrent_change: 'The intake changed at the same moment; call the tool again.',
  revisions:
    'The account’s plan does not include revisions; tell the user (an upgrade is needed) or approve the item as it is.',
  validation_failed: 'Fix the arguments named in details and call the tool again.',
  idempotency_key_reused: 'Call the tool again: a new request key is used for each call.',
};

const NEXT_STEP_BY_CODE: Record<string, string> = {
  unauthorized: 'The API key is unknown or revoked; tell the user to configure a valid key. Do not retry.',
  forbidden: 'This key may not do this; do not retry, tell the user.',
  not_found:
    'No such intake for this key (a test key sees only the intakes it created); check the id with list_intakes.',
  unprocessable: 'Fix the arguments named in details and call the tool again.',
  invalid_request: 'The request was not acceptable as sent; correct the arguments and call the tool again.',
  conflict: 'The intake is not in a state that allows this; call get_intake_status to see its current state.',
  gone: 'This is no longer available.',
  plan_required: 'The account’s plan lacks this feature; tell the user, who can upgrade.',
  quota_exceeded: 'A quota of the account’s plan is used up; tell the user.',
  rate_limited: 'Too many requests; wait before calling again.',
  payload_too_large: 'The request is too large; send less at once.',
  service_unavailable: 'The service is temporarily unavailable; try again in a minute.',
  internal_error: 'The service failed unexpectedly; try again later, quoting the request id if it persists.',
};

/**
 * The envelope of a tool error, as the second text block (JSON): the api's envelope as sent, the
 * HTTP status and the next step. Not `structuredContent`, which must match the tool's output schema.
 */
export interface ToolErrorContent {
  [key: string]: unknown;
  status: number | null;
  error: string;
  reason?: string;
  message: string;
  details?: Array<{ path: string; message: string }>;
  request_id?: string;
  retry_after_seconds?: number;
  next_step: string;
}

/**
 * A refusal as a tool error (`isError: true`), not a protocol error: the model reads the envelope's
 * code, the api's message and one sentence on what to do next. Anything else is rethrown.
 */
export function toolErrorOf(error: unknown): CallToolResult {
  if (error instanceof IntakeApiError) {
    const reason = error.reason;
    const next =
      (reason && NEXT_STEP_BY_REASON[reason]) ??
      NEXT_STEP_BY_CODE[error.code] ??
      'Call get_intake_status to see the current state before trying again.';
    const wait = error.retryAfterSeconds !== null ? ` Retry after ${error.retryAfterSeconds} seconds.` : '';
    const details = error.details?.length
      ? ` Details: ${error.details.map((detail) => `${detail.path}: ${detail.message}`).join('; ')}.`
      : '';
    const content: ToolErrorContent = {
      status: error.status,
      error: error.code,
      ...(reason ? { reason } : {}),
      message: error.envelope.message,
      ...(error.details?.length ? { details: error.details } : {}),
      ...(error.requestId ? { request_id: error.requestId } : {}),
      ...(error.retryAfterSeconds !== null ? { retry_after_seconds: error.retryAfterSeconds } : {}),
      next_step: next,
    };
    return failure(
      `Error ${error.code}${reason ? ` (${reason})` : ''}: ${error.envelope.message}${details}${wait} Next: ${next}`,
      content,
    );
  }
  if (error instanceof IntakeNetworkError) {
    const next = 'The service did not answer; try again in a minute.';
    return failure(`Error service_unavailable: ${error.message}. Next: ${next}`, {
      status: null,
      error: 'service_unavailable',
      message: error.message,
      next_step: next,
    });
  }
  throw error;
}

function failure(sentence: string, envelope: ToolErrorContent): CallToolResult {
  return {
    isError: true,
    content: [
      { type: 'text', text: sentence },
      { type: 'text', text: JSON.stringify(envelope) },
    ],
  };
}
