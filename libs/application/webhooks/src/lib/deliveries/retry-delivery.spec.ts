import { type Principal } from '@intake/domain-accounts';
import {
  type GivenAccount,
  givenAccount,
  givenDelivery,
  givenWebhook,
  InMemoryContext,
  META,
  writtenState,
} from '@intake/testing';
import { RetryDelivery } from './retry-delivery';

describe('RetryDelivery', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let retryDelivery: RetryDelivery;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    retryDelivery = context.use(RetryDelivery);
  });

  const retry = (endpointId: string, deliveryId: string, principal: Principal = given.liveKey) =>
    retryDelivery.execute({ principal, endpointId, deliveryId, meta: META });

  it('gives a delivery that used all 6 attempts exactly one more, due now; attempts never reset; audited', async () => {
    const endpoint = givenWebhook(context, given);
    const failed = givenDelivery(context, endpoint, {
      status: 'failed',
      attempts: 6,
      next_retry_at: null,
      response_code: 500,
      error: 'HTTP 500',
    });
    context.clock.advance(3600);
    const requeued = await retry(endpoint.id, failed.id);
    expect(requeued).toEqual({
      id: failed.id,
      endpoint_id: endpoint.id,
      event: 'item.submitted',
      status: 'pending',
      attempts: 6,
      max_attempts: 7,
      next_retry_at: context.clock.now(),
      response_code: 500,
      error: 'HTTP 500',
      created_at: failed.created_at,
      delivered_at: null,
    });
    expect(context.db.webhookDeliveries.rows[0]).toMatchObject({ status: 'pending', attempts: 6, max_attempts: 7 });
    expect(context.db.webhookWakeUps.rows).toEqual([{ channel: 'webhook_deliveries' }]);
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'webhook.delivery_retried',
        target_id: endpoint.id,
        summary: { delivery_id: failed.id, event: 'item.submitted', status: 'failed', attempts: 6 },
      }),
    ]);

    // Failed again after its seventh attempt: one more again, never a fresh set of six.
    const row = context.db.webhookDeliveries.rows[0];
    if (row) Object.assign(row, { status: 'failed', attempts: 7, next_retry_at: null });
    expect(await retry(endpoint.id, failed.id)).toMatchObject({ attempts: 7, max_attempts: 8 });
  });

  it('makes a pending delivery due now without raising its attempts', async () => {
    const endpoint = givenWebhook(context, given);
    const later = new Date(context.clock.now().getTime() + 1_800_000);
    const pending = givenDelivery(context, endpoint, { attempts: 3, next_retry_at: later });
    expect(await retry(endpoint.id, pending.id, given.owner)).toMatchObject({
      status: 'pending',
      attempts: 3,
      max_attempts: 6,
      next_retry_at: context.clock.now(),
    });
  });

  it('is 409 delivery_succeeded for a delivered delivery, and endpoint_inactive for a switched-off endpoint', async () => {
    const endpoint = givenWebhook(context, given);
    const delivered = givenDelivery(context, endpoint, { status: 'delivered', attempts: 1, next_retry_at: null });
    const inactive = givenWebhook(context, given, { active: false, deactivated_at: context.clock.now() });
    const gone = givenDelivery(context, inactive, { status: 'failed', attempts: 1, response_code: 410 });
    const deliveredToInactive = givenDelivery(context, inactive, { status: 'delivered', attempts: 1 });
    const before = writtenState(context);
    await expect(retry(endpoint.id, delivered.id)).rejects.toMatchObject({
      code: 'conflict',
      reason: 'delivery_succeeded',
    });
    await expect(retry(inactive.id, gone.id)).rejects.toMatchObject({ code: 'conflict', reason: 'endpoint_inactive' });
    await expect(retry(inactive.id, deliveredToInactive.id)).rejects.toMatchObject({ reason: 'delivery_succeeded' });
    expect(writtenState(context)).toEqual(before);
  });

  it('is 404 for another account’s endpoint, a key’s other mode’s, and a delivery of another endpoint', async () => {
    const other = await givenAccount(context);
    const theirs = givenWebhook(context, other);
    const theirDelivery = givenDelivery(context, theirs, { status: 'failed' });
    const mine = givenWebhook(context, given);
    const myDelivery = givenDelivery(context, mine, { status: 'failed' });
    const test = givenWebhook(context, given, { mode: 'test' });
    const testDelivery = givenDelivery(context, test, { status: 'failed' });
    const before = writtenState(context);
    for (const [principal, endpointId, deliveryId, what] of [
      [given.liveKey, theirs.id, theirDelivery.id, 'Webhook endpoint'],
      [given.liveKey, mine.id, theirDelivery.id, 'Webhook delivery'],
      [given.liveKey, mine.id, testDelivery.id, 'Webhook delivery'],
      [given.liveKey, test.id, testDelivery.id, 'Webhook endpoint'],
      [given.testKey, mine.id, myDelivery.id, 'Webhook endpoint'],
      [given.owner, theirs.id, theirDelivery.id, 'Webhook endpoint'],
      [given.owner, mine.id, testDelivery.id, 'Webhook delivery'],
      [given.liveKey, mine.id, 'whd_missing', 'Webhook delivery'],
    ] as const) {
      await expect(retry(endpointId, deliveryId, principal)).rejects.toMatchObject({
        code: 'not_found',
        message: `${what} was not found.`,
      });
    }
    expect(writtenState(context)).toEqual(before);
  });

  it('lets a session retry a delivery of a test endpoint, as the account’s test keys may', async () => {
    const test = givenWebhook(context, given, { mode: 'test' });
    const failed = givenDelivery(context, test, { status: 'failed', attempts: 6, next_retry_at: null });
    expect(await retry(test.id, failed.id, given.owner)).toMatchObject({ id: failed.id, status: 'pending' });
    expect(await retry(test.id, failed.id, given.testKey)).toMatchObject({ id: failed.id, status: 'pending' });
  });
});
