import { renderBody, RETRY_DELAYS_SECONDS, type WebhookFormat } from '@intake/domain-webhooks';
import { InMemoryContext } from '@intake/testing';
import { verify } from '@intake/webhook-verify';
import { type DueDelivery } from '../ports/delivery-queue.port';
import { type AttemptResult } from '../ports/webhook-sender.port';
import { DeliverWebhook, ENDPOINT_INACTIVE_ERROR, traceIdOf } from './deliver-webhook';

const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const PAYLOAD = {
  event: 'item.submitted',
  intake_id: 'in_0123456789abcdefghijkl',
  project_name: 'Website <!channel>',
  item_key: 'logo',
  item_label: 'Logo',
  item_type: 'image',
  file_count: 2,
  timestamp: 1_795_000_000,
};

describe('DeliverWebhook (one attempt of a claimed delivery)', () => {
  let context: InMemoryContext;
  let deliver: DeliverWebhook;
  beforeEach(() => {
    context = new InMemoryContext();
    deliver = context.use(DeliverWebhook);
  });

  const due = (overrides: Partial<DueDelivery> = {}, format: WebhookFormat = 'raw', active = true): DueDelivery => ({
    id: 'whd_0123456789abcdefghijkl',
    endpoint_id: 'whe_0123456789abcdefghijkl',
    account_id: 'acc_1',
    event: 'item.submitted',
    payload: PAYLOAD,
    attempts: 0,
    max_attempts: 6,
    lease_token: 'lease-1',
    endpoint: { url: 'https://hooks.example.com/in', format, secret_sealed: context.secretBox.seal(SECRET), active },
    ...overrides,
  });
  const answering = (result: AttemptResult) => (context.webhookSender.answer = () => result);

  it('sends the raw payload, signed with the endpoint secret at the Clock time of sending', async () => {
    const { outcome, log } = await deliver.attempt(due());
    const [sent] = context.webhookSender.sent;
    expect(sent).toEqual({
      deliveryId: 'whd_0123456789abcdefghijkl',
      url: 'https://hooks.example.com/in',
      event: 'item.submitted',
      body: renderBody('raw', PAYLOAD as never),
      signature: expect.stringMatching(/^t=\d+,v1=[0-9a-f]{64}$/),
    });
    expect(JSON.parse(sent?.body ?? '')).toEqual(PAYLOAD);
    const now = Math.floor(context.clock.now().getTime() / 1000);
    expect(sent?.signature.startsWith(`t=${now},`)).toBe(true);
    expect(verify(sent?.body ?? '', sent?.signature ?? '', SECRET, { now })).toEqual({ valid: true, timestamp: now });
    expect(verify(sent?.body ?? '', sent?.signature ?? '', `${SECRET}x`, { now })).toMatchObject({ valid: false });

    expect(outcome).toEqual({
      delivery_id: 'whd_0123456789abcdefghijkl',
      lease_token: 'lease-1',
      attempted: true,
      status: 'delivered',
      response_code: 204,
      error: null,
      next_retry_at: null,
      delivered_at: context.clock.now(),
      deactivate_endpoint: false,
    });
    expect(log).toEqual({
      delivery_id: 'whd_0123456789abcdefghijkl',
      endpoint_id: 'whe_0123456789abcdefghijkl',
      account_id: 'acc_1',
      event: 'item.submitted',
      attempt: 1,
      status: 'delivered',
      response_code: 204,
      error: null,
      duration_ms: 0,
    });
  });

  it("logs the attempt with the trace id of the event's stored traceparent, and sends that traceparent on", async () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const { log } = await deliver.attempt(due({ trace_context: traceparent }));
    expect(log.trace_id).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(context.webhookSender.sent[0]).toMatchObject({ traceparent });
    expect(traceIdOf(undefined)).toBeUndefined();
    expect(traceIdOf('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331')).toBeUndefined();
    expect(traceIdOf(`${traceparent}x`)).toBeUndefined();
    expect(traceIdOf(`x${traceparent}`)).toBeUndefined();
  });

  it('signs anew with a fresh timestamp on every attempt', async () => {
    await deliver.attempt(due());
    context.clock.advance(60);
    await deliver.attempt(due({ attempts: 1 }));
    const [first, second] = context.webhookSender.sent.map((s) => s.signature);
    expect(first).not.toBe(second);
    expect(Number(/^t=(\d+)/.exec(second ?? '')?.[1]) - Number(/^t=(\d+)/.exec(first ?? '')?.[1])).toBe(60);
  });

  it.each(['slack', 'discord'] as const)(
    'renders the %s message from the raw payload at send time, signed too',
    async (format) => {
      await deliver.attempt(due({}, format));
      const [sent] = context.webhookSender.sent;
      expect(sent?.body).toBe(renderBody(format, PAYLOAD as never));
      expect(sent?.body).not.toContain('<!channel>');
      const now = Math.floor(context.clock.now().getTime() / 1000);
      expect(verify(sent?.body ?? '', sent?.signature ?? '', SECRET, { now })).toMatchObject({ valid: true });
    },
  );

  it('schedules the next attempt after a failure: +1 min, +5 min, +30 min, +2 h, +6 h, then failed', async () => {
    answering({ response_code: 500, error: 'the receiver answered HTTP 500' });
    const next: Array<number | null> = [];
    for (let attempts = 0; attempts < 6; attempts += 1) {
      const { outcome } = await deliver.attempt(due({ attempts }));
      expect(outcome).toMatchObject({ attempted: true, response_code: 500, error: 'the receiver answered HTTP 500' });
      next.push(outcome.next_retry_at && (outcome.next_retry_at.getTime() - context.clock.now().getTime()) / 1000);
      expect(outcome.status).toBe(attempts < 5 ? 'pending' : 'failed');
    }
    expect(next).toEqual([60, 300, 1_800, 7_200, 21_600, null]);
    expect(RETRY_DELAYS_SECONDS.slice(1)).toEqual([60, 300, 1_800, 7_200, 21_600]);
  });

  it('a manual retry of a delivery that used its six attempts gets exactly one more', async () => {
    answering({ response_code: 503, error: 'the receiver answered HTTP 503' });
    const { outcome, log } = await deliver.attempt(due({ attempts: 6, max_attempts: 7 }));
    expect(outcome).toMatchObject({ status: 'failed', next_retry_at: null, attempted: true });
    expect(log.attempt).toBe(7);
  });

  it('time-outs, refused connections and unsafe addresses are failures like any other', async () => {
    answering({
      response_code: null,
      error: 'the host rebind.test resolves to an unsafe address: 127.0.0.1 is a loopback address',
    });
    const { outcome } = await deliver.attempt(due({ attempts: 1 }));
    expect(outcome).toMatchObject({
      status: 'pending',
      response_code: null,
      error: 'the host rebind.test resolves to an unsafe address: 127.0.0.1 is a loopback address',
      next_retry_at: new Date(context.clock.now().getTime() + 300_000),
    });
  });

  it('410 fails the delivery without retries and switches the endpoint off', async () => {
    answering({ response_code: 410, error: 'the receiver answered HTTP 410' });
    const { outcome } = await deliver.attempt(due());
    expect(outcome).toMatchObject({
      attempted: true,
      status: 'failed',
      response_code: 410,
      error: 'the receiver answered HTTP 410; the endpoint is now inactive',
      next_retry_at: null,
      deactivate_endpoint: true,
    });
  });

  it('a 2xx whose answer did not finish in time is a failure, its code kept', async () => {
    answering({ response_code: 200, error: 'the answer (HTTP 200) did not finish within 10 seconds' });
    expect((await deliver.attempt(due())).outcome).toMatchObject({ status: 'pending', response_code: 200 });
  });

  it('sends nothing for an endpoint that is off: failed, not counted as an attempt', async () => {
    const { outcome, log } = await deliver.attempt(due({ attempts: 2 }, 'raw', false));
    expect(context.webhookSender.sent).toEqual([]);
    expect(outcome).toEqual({
      delivery_id: 'whd_0123456789abcdefghijkl',
      lease_token: 'lease-1',
      attempted: false,
      status: 'failed',
      response_code: null,
      error: ENDPOINT_INACTIVE_ERROR,
      next_retry_at: null,
      delivered_at: null,
      deactivate_endpoint: false,
    });
    expect(log).toMatchObject({ attempt: 2, status: 'failed' });
  });

  it('refuses to sign with a secret sealed under another key (nothing is sent)', async () => {
    await expect(deliver.attempt(due({ endpoint: { ...due().endpoint, secret_sealed: 'v1.bad' } }))).rejects.toThrow();
    expect(context.webhookSender.sent).toEqual([]);
  });
});
