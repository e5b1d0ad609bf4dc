import { ApiFailure, NetworkFailure } from '../api/failures';
import {
  canRetry,
  deliveryPage,
  deliveryPageCount,
  emptyWebhookForm,
  refusedFields,
  toggleEvent,
  WEBHOOK_EVENTS,
  webhookFormProblems,
} from './webhook-form';

const form = (values: Partial<ReturnType<typeof emptyWebhookForm>>) => ({ ...emptyWebhookForm(), ...values });

describe('the webhook form', () => {
  it('offers the seven events, and keeps their order when one is ticked', () => {
    expect(WEBHOOK_EVENTS).toHaveLength(7);
    expect(toggleEvent(['intake.completed'], 'item.submitted', true)).toEqual(['item.submitted', 'intake.completed']);
    expect(toggleEvent(['item.submitted', 'intake.completed'], 'item.submitted', false)).toEqual(['intake.completed']);
    expect(toggleEvent(['item.submitted'], 'item.submitted', true)).toEqual(['item.submitted']);
  });

  it('asks for an http or https address and at least one event', () => {
    expect(webhookFormProblems(form({ url: ' https://hooks.example.com/intake ' }))).toEqual({});
    expect(webhookFormProblems(form({ url: 'http://hooks.example.com:8080/x' }))).toEqual({});
    expect(webhookFormProblems(form({ url: '', events: [] }))).toEqual({
      url: 'form.required',
      events: 'webhooks.events_required',
    });
    expect(webhookFormProblems(form({ url: 'ftp://hooks.example.com' })).url).toBe('webhooks.url_invalid');
    expect(webhookFormProblems(form({ url: 'hooks.example.com' })).url).toBe('webhooks.url_invalid');
    expect(webhookFormProblems(form({ url: `https://x.example/${'a'.repeat(2048)}` })).url).toBe(
      'webhooks.url_invalid',
    );
  });

  it('finds the fields a 422 names, and nothing in other failures', () => {
    const refused = new ApiFailure(422, {
      error: 'unprocessable',
      message: 'invalid',
      request_id: 'req_1',
      details: [
        { path: 'url', message: 'not a safe address' },
        { path: 'events[1]', message: 'unknown event' },
        { path: 'events[2]', message: 'unknown event' },
      ],
    });
    expect(refusedFields(refused)).toEqual(['url', 'events']);
    expect(refusedFields(new ApiFailure(409, { error: 'conflict', message: 'x', request_id: 'req_2' }))).toEqual([]);
    expect(refusedFields(new NetworkFailure(new Error('offline')))).toEqual([]);
  });
});

describe('the deliveries of an endpoint', () => {
  const deliveries = Array.from({ length: 23 }, (_, i) => i);

  it('come in pages of ten', () => {
    expect(deliveryPageCount(0)).toBe(1);
    expect(deliveryPageCount(10)).toBe(1);
    expect(deliveryPageCount(23)).toBe(3);
    expect(deliveryPage(deliveries, 1)).toEqual({ page: 1, rows: deliveries.slice(0, 10) });
    expect(deliveryPage(deliveries, 3)).toEqual({ page: 3, rows: [20, 21, 22] });
  });

  it('show the last page when the asked one is past the end (the list shrank), the first for nonsense', () => {
    expect(deliveryPage(deliveries, 9)).toEqual({ page: 3, rows: [20, 21, 22] });
    expect(deliveryPage(deliveries, 0).page).toBe(1);
    expect(deliveryPage(deliveries, Number.NaN).page).toBe(1);
    expect(deliveryPage([], 2)).toEqual({ page: 1, rows: [] });
  });

  it('may be retried unless delivered, while the endpoint is switched on', () => {
    expect(canRetry({ status: 'failed' }, { active: true })).toBe(true);
    expect(canRetry({ status: 'pending' }, { active: true })).toBe(true);
    expect(canRetry({ status: 'delivered' }, { active: true })).toBe(false);
    expect(canRetry({ status: 'failed' }, { active: false })).toBe(false);
  });
});
