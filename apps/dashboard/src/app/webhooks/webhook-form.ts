import type { components } from '@intake/sdk-types';
import { ApiFailure } from '../api/failures';
import { type MessageKey } from '../i18n/catalogues/en';

export type WebhookEvent = components['schemas']['WebhookEndpointView']['events'][number];
export type WebhookFormat = components['schemas']['WebhookEndpointView']['format'];
export type WebhookMode = components['schemas']['WebhookEndpointView']['mode'];
type Endpoint = components['schemas']['WebhookEndpointView'];
type Delivery = components['schemas']['DeliveryView'];

// Records over the API's enums: the compiler notices an event or format added to the OpenAPI document.
const EVENT_SET: Record<WebhookEvent, true> = {
  'item.submitted': true,
  'intake.completed': true,
  'client.viewed': true,
  'chase.bounced': true,
  'intake.stalled': true,
  'intake.overdue': true,
  'intake.archived': true,
};
const FORMAT_SET: Record<WebhookFormat, true> = { raw: true, slack: true, discord: true };

/** The seven events an endpoint can receive, in the API's order. */
export const WEBHOOK_EVENTS = Object.keys(EVENT_SET) as WebhookEvent[];
export const WEBHOOK_FORMATS = Object.keys(FORMAT_SET) as WebhookFormat[];

/** RegisterWebhookRequest.url: at most 2048 characters. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

export interface WebhookFormValues {
  url: string;
  events: readonly WebhookEvent[];
  format: WebhookFormat;
  mode: WebhookMode;
}

export const emptyWebhookForm = (): WebhookFormValues => ({
  url: '',
  events: ['item.submitted', 'intake.completed'],
  format: 'raw',
  mode: 'live',
});

/** The events after one checkbox changed, in the API's order. */
export function toggleEvent(selected: readonly WebhookEvent[], event: WebhookEvent, checked: boolean): WebhookEvent[] {
  const next = new Set(selected);
  if (checked) next.add(event);
  else next.delete(event);
  return WEBHOOK_EVENTS.filter((each) => next.has(each));
}

export type WebhookFormProblems = Partial<Record<'url' | 'events', MessageKey>>;

/**
 * What the form says before sending: an http or https address, at least one event. Whether the
 * address is safe to call (not internal, an allowed port) only the API decides: its 422 names the
 * field, and `refusedFields` puts that next to it.
 */
export function webhookFormProblems(values: WebhookFormValues): WebhookFormProblems {
  const problems: WebhookFormProblems = {};
  const url = values.url.trim();
  if (!url) problems.url = 'form.required';
  else if (url.length > WEBHOOK_URL_MAX_LENGTH || !isHttpUrl(url)) problems.url = 'webhooks.url_invalid';
  if (values.events.length === 0) problems.events = 'webhooks.events_required';
  return problems;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The top-level fields a 422's `details` names (`events[2]` counts as `events`). */
export function refusedFields(error: unknown): string[] {
  if (!(error instanceof ApiFailure) || error.envelope?.error !== 'unprocessable') return [];
  const paths = (error.envelope.details ?? []).map((detail) => detail.path.split(/[.[]/)[0] ?? '');
  return [...new Set(paths.filter(Boolean))];
}

/** Deliveries shown per page (the API gives the last 100, newest first). */
export const DELIVERIES_PER_PAGE = 10;

export const deliveryPageCount = (count: number): number => Math.max(1, Math.ceil(count / DELIVERIES_PER_PAGE));

/** One page (from 1) of the deliveries; a page past the end shows the last one. */
export function deliveryPage<T>(deliveries: readonly T[], page: number): { page: number; rows: T[] } {
  const last = deliveryPageCount(deliveries.length);
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), last);
  const start = (shown - 1) * DELIVERIES_PER_PAGE;
  return { page: shown, rows: deliveries.slice(start, start + DELIVERIES_PER_PAGE) };
}

/**
 * A retry is offered for a delivery that has not succeeded, to an endpoint still switched on
 * (the API answers 409 delivery_succeeded or endpoint_inactive otherwise).
 */
export const canRetry = (delivery: Pick<Delivery, 'status'>, endpoint: Pick<Endpoint, 'active'>): boolean =>
  endpoint.active && delivery.status !== 'delivered';
