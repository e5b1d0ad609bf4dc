import { type ErrorCase } from '@intake/errors';

/**
 * Error cases shared by groups of operations, for `ApiErrors(...)`. What every operation of a
 * shape answers (access, validation, unknown ids, outages) is added by the document builder.
 */

/** Any change of an existing intake through the write path. */
export const INTAKE_CHANGE: ErrorCase[] = [
  { error: 'conflict', reason: 'intake_archived' },
  { error: 'conflict', reason: 'concurrent_change' },
];

/** A change of one item of an intake. */
export const ITEM_CHANGE: ErrorCase[] = [...INTAKE_CHANGE, { error: 'not_found', reason: 'item_not_found' }];

/** An item that is closed: approved or waived. */
export const ITEM_CLOSED: ErrorCase[] = [
  { error: 'conflict', reason: 'item_approved' },
  { error: 'conflict', reason: 'item_waived' },
];

/** A download through a signed URL: only clean files are served. */
export const SERVABLE_FILE: ErrorCase[] = [
  { error: 'not_found', reason: 'file_not_found' },
  { error: 'unprocessable', reason: 'file_scan_pending' },
  { error: 'unprocessable', reason: 'file_infected' },
];

/** An upload streamed through the pipeline. */
export const UPLOAD: ErrorCase[] = [
  { error: 'unprocessable', reason: 'validation_failed' },
  { error: 'unprocessable', reason: 'file.too_large' },
  { error: 'unprocessable', reason: 'file.unreadable' },
  { error: 'quota_exceeded', reason: 'storage' },
];

/** Every route that takes a portal link: its client may be throttled for guessing links (PortalThrottle). */
export const PORTAL_LINK: ErrorCase[] = [{ error: 'rate_limited', reason: 'portal_throttled' }];
