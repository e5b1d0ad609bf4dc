/**
 * The one catalogue of error codes (docs/contract.md "Errors"): each `error` with its HTTP status and the
 * `reason` slugs it may carry, each with what it means. DomainError only accepts a code from here
 * and a reason listed under that code, the error envelope takes the status from here, and the
 * OpenAPI document lists, per operation, the codes and reasons it can answer (from the same
 * table). A new reason is added here first.
 */
export const ERROR_CATALOGUE = {
  invalid_request: {
    status: 400,
    reasons: {
      malformed_json: 'the request body is not valid JSON',
      validation_error: 'a field refers to something that is not the account’s (a folder, a template)',
      no_fields: 'a change names no field to change',
      recipient_is_primary: 'the primary client cannot be removed',
      key_already_revoked: 'the API key is already revoked',
      invitation_invalid: 'the invitation is unknown, used or expired',
      cannot_remove_owner: 'the account owner cannot be removed',
      owner_item: 'the operation is for client items; this is an owner item',
      client_item: 'the operation is for owner items; this is a client item',
      not_decision_item: 'only decision items (owner select or multiselect) take an answer',
      not_secret_item: 'only a secret item can be revealed',
      payment_signature: 'a payment provider event whose signature is missing, forged or outside the tolerance',
      already_subscribed: 'the account already has a subscription: change plans in the customer portal',
    },
  },
  unauthorized: { status: 401, reasons: {} },
  quota_exceeded: {
    status: 402,
    reasons: {
      intakes: 'the plan’s intakes for this month are used up',
      storage: 'the plan’s file storage is used up',
      sms_credits: 'no SMS credits are left',
    },
  },
  plan_required: {
    status: 402,
    reasons: {
      revisions: 'revision requests need a paid plan',
      sms: 'SMS chases need a plan with the sms feature (not Free)',
    },
  },
  forbidden: {
    status: 403,
    reasons: {
      csrf: 'a cookie-authenticated change without the matching X-CSRF-Token header',
      missing_scope: 'the API key lacks the scope the operation needs',
      owner_only: 'only the account owner may do this',
      session_only: 'the operation needs a dashboard session',
      key_only: 'the operation needs an API key',
      signup_disabled: 'sign-up is disabled on this service',
      invalid_signature: 'a signed file URL is invalid or has expired',
      secrets_owner_only: 'only the account owner may read secrets',
    },
  },
  not_found: {
    status: 404,
    reasons: {
      item_not_found: 'the intake has no such item (or none the caller may see)',
      file_not_found: 'the intake has no such file',
      recipient_not_found: 'the intake has no such recipient',
      not_received_outside: 'the item was never marked received outside',
    },
  },
  conflict: {
    status: 409,
    reasons: {
      intake_archived: 'the intake is archived and can no longer be changed',
      concurrent_change: 'the intake changed meanwhile; retry',
      idempotency_key_reused: 'the Idempotency-Key was used with another body, or its intake is gone',
      email_taken: 'an account with this e-mail address exists',
      folder_exists: 'the account has a folder of that name',
      recipient_exists: 'the address already receives the intake’s e-mails',
      recipient_not_bounced: 'the address has not bounced',
      not_draft: 'only a draft can be sent',
      not_sent: 'the intake has not been sent yet',
      intake_completed: 'the intake is completed: nothing is left to chase',
      recipients_bounced: 'every address of the intake has bounced; reinstate one to e-mail it again',
      item_exists: 'the intake already has an item with that key',
      item_submitted: 'the item is already submitted',
      item_approved: 'the item is already approved',
      item_waived: 'the item is waived',
      item_not_submitted: 'only a submitted item can be approved',
      item_not_waived: 'the item is not waived',
      no_waiver_pending: 'the item has no pending waiver proposal',
      webhook_limit: 'the account has the most webhook endpoints a mode allows (20); delete one first',
      delivery_succeeded: 'the webhook delivery succeeded; only one that has not can be retried',
      endpoint_inactive: 'the webhook endpoint is switched off (its receiver answered 410); register a new one',
      secret_not_submitted: 'the secret item has no answer to reveal (not sent yet, or discarded)',
      test_clock_advancing: 'the test clock is still advancing; advance it again once its status is ready',
    },
  },
  item_answer_would_be_discarded: { status: 409, reasons: {} },
  gone: { status: 410, reasons: {} },
  payload_too_large: { status: 413, reasons: {} },
  download_too_large: { status: 413, reasons: {} },
  // Added to the interface's table (docs/contract.md "Errors"): a body that is not JSON where JSON is
  // expected (issue #28).
  unsupported_media_type: { status: 415, reasons: {} },
  unprocessable: {
    status: 422,
    reasons: {
      validation_failed: 'fields break their rules; `details` names each',
      body_too_large: 'the request body is larger than the server accepts',
      too_many_recipients: 'an intake has at most 4 additional recipients',
      'file.too_large': 'the file is larger than its item or the storage quota allows',
      'file.unreadable': 'the photo could not be converted',
      file_infected: 'the file failed the virus scan',
      file_scan_pending: 'the file is still being scanned for viruses',
      test_clock_full: 'the test clock already holds its 100 intakes',
    },
  },
  rate_limited: {
    status: 429,
    reasons: {
      hourly_limit: 'the account’s hourly request limit is used up',
      intake_invites: 'at most 30 invitations per account per hour',
      login_throttled: 'too many failed log-ins for this e-mail address from this client, or from this client',
      portal_throttled: 'too many unknown portal links from this client',
      invitation_throttled: 'too many unknown, used or expired invitation tokens from this client',
      manual_chase_intake: 'at most one manual chase per intake per hour',
      manual_chase_account: 'at most 20 manual chases per account per hour',
    },
  },
  internal_error: { status: 500, reasons: {} },
  service_unavailable: {
    status: 503,
    reasons: {
      dependency_unavailable: 'a service the API depends on is unreachable; retry shortly',
      shutting_down: 'this instance received SIGTERM and is finishing its work; send new work elsewhere',
      mail_events_disabled: 'MAIL_EVENTS_SECRET is not set: the service takes no mail provider events',
      sms_not_configured: 'this service has no SMS provider configured, so it cannot send SMS chases',
      billing_not_configured: 'this service has no payment provider configured (STRIPE_SECRET_KEY unset)',
    },
  },
} as const satisfies Record<string, { status: number; reasons: Record<string, string> }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The reasons a code may carry. */
export type ErrorReason<C extends ErrorCode = ErrorCode> = C extends ErrorCode
  ? keyof (typeof ERROR_CATALOGUE)[C]['reasons'] & string
  : never;

/** One answer an operation can give: a code, and optionally one of its reasons. */
export type ErrorCase = { [C in ErrorCode]: { error: C; reason?: ErrorReason<C> } }[ErrorCode];

/** The spec's error codes with their HTTP status. */
export const ERROR_STATUS = Object.fromEntries(
  Object.entries(ERROR_CATALOGUE).map(([code, entry]) => [code, entry.status]),
) as { [C in ErrorCode]: (typeof ERROR_CATALOGUE)[C]['status'] };

export function statusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/** Whether a code (and reason) is in the catalogue: for values that come from outside the compiler's view. */
export function isCatalogued(code: string, reason?: string): boolean {
  const entry = (ERROR_CATALOGUE as Record<string, { reasons: Record<string, string> }>)[code];
  return entry !== undefined && (reason === undefined || Object.hasOwn(entry.reasons, reason));
}
