import type { paths } from '@intake/sdk-types';

export type AuditQuery = NonNullable<paths['/v1/audit']['get']['parameters']['query']>;

export const AUDIT_PAGE_SIZE = 50;

/** The API's limit on each filter (AuditQuery: at most 100 characters). */
export const FILTER_MAX = 100;

/**
 * The actions the service records, offered as suggestions in the action filter (which matches an
 * action exactly; another one can still be typed).
 */
export const KNOWN_ACTIONS = [
  'account.created',
  'account.updated',
  'account.plan_changed',
  'api_key.created',
  'api_key.revoked',
  'auth.logged_in',
  'auth.logged_out',
  'billing.checkout_created',
  'billing.portal_opened',
  'billing.payment_failed',
  'billing.sms_credits_added',
  'folder.created',
  'folder.updated',
  'folder.deleted',
  'intake.created',
  'intake.deleted',
  'intake.delivered',
  'intake.downloaded',
  'intake.overdue',
  'intake.purged',
  'item.secret_revealed',
  'team.member_invited',
  'team.member_joined',
  'team.member_removed',
  'template.created',
  'webhook.created',
  'webhook.deleted',
  'webhook.delivery_retried',
  'webhook.tested',
] as const;

/** The audit log's filters as the page's address keeps them (`?action=…&actor=…&target=…&page=…`). */
export interface AuditFilters {
  /** An action exactly, e.g. `folder.created`; '' for every action. */
  action: string;
  /** A user id (usr_…) or an API key id (key_…); '' for everyone. */
  actor: string;
  /** The id an action was about (an intake, a folder, a key…); '' for anything. */
  target: string;
  /** 1-based. */
  page: number;
}

export const NO_FILTERS: AuditFilters = { action: '', actor: '', target: '', page: 1 };

const clean = (value: string | null): string => (value ?? '').trim().slice(0, FILTER_MAX);

export function auditFiltersOf(params: URLSearchParams): AuditFilters {
  const page = Number(params.get('page') ?? '1');
  return {
    action: clean(params.get('action')),
    actor: clean(params.get('actor')),
    target: clean(params.get('target')),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's parameters for `filters`: defaults and blanks left out. */
export function auditParamsOf(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of ['action', 'actor', 'target'] as const) {
    const value = filters[field].trim();
    if (value) params.set(field, value);
  }
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** GET /v1/audit's query for `filters`. */
export function auditQueryOf(filters: AuditFilters): AuditQuery {
  const query: AuditQuery = { limit: AUDIT_PAGE_SIZE, offset: (filters.page - 1) * AUDIT_PAGE_SIZE };
  for (const field of ['action', 'actor', 'target'] as const) {
    const value = filters[field].trim();
    if (value) query[field] = value;
  }
  return query;
}

export const isFiltered = (filters: AuditFilters): boolean =>
  Boolean(filters.action || filters.actor || filters.target);

export const auditPageCount = (total: number): number => Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));

/**
 * An entry's summary (what changed; never a secret) as short `key: value` lines: texts as they
 * are, anything else as JSON, long values cut at 120 characters.
 */
export function summaryLines(summary: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(summary).map(([key, value]) => {
    const shown = typeof value === 'string' ? value : JSON.stringify(value);
    return `${key}: ${shown.length > 120 ? `${shown.slice(0, 119)}…` : shown}`;
  });
}
