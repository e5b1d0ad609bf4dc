import { TEST_PAYLOAD_INTAKE_ID } from '@intake/domain-webhooks';
import { type GivenAccount, givenAccount, givenWebhook, InMemoryContext, META, writtenState } from '@intake/testing';
import { SendTestDelivery } from './send-test-delivery';

describe('SendTestDelivery', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let sendTest: SendTestDelivery;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    sendTest = context.use(SendTestDelivery);
  });

  it('queues the fixed test payload as a pending delivery due now, whatever the endpoint subscribes to; audited', async () => {
    const endpoint = givenWebhook(context, given, { events: ['intake.archived'], format: 'slack' });
    const { delivery_id } = await sendTest.execute({ principal: given.owner, endpointId: endpoint.id, meta: META });
    expect(delivery_id).toMatch(/^whd_[A-Za-z0-9_-]{22}$/);
    const now = context.clock.now();
    expect(context.db.webhookDeliveries.rows).toEqual([
      {
        id: delivery_id,
        endpoint_id: endpoint.id,
        account_id: given.account.id,
        outbox_id: null,
        event: 'item.submitted',
        payload: {
          event: 'item.submitted',
          intake_id: TEST_PAYLOAD_INTAKE_ID,
          item_key: expect.any(String),
          message: expect.any(String),
          timestamp: Math.floor(now.getTime() / 1000),
        },
        status: 'pending',
        attempts: 0,
        max_attempts: 6,
        next_retry_at: now,
        lease_until: null,
        response_code: null,
        error: null,
        created_at: now,
        delivered_at: null,
      },
    ]);
    expect(context.db.webhookDeliveries.rows[0]?.payload).not.toHaveProperty('project_name');
    expect(context.db.webhookWakeUps.rows).toEqual([{ channel: 'webhook_deliveries' }]);
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({ action: 'webhook.tested', target_id: endpoint.id, summary: { delivery_id } }),
    ]);
  });

  it('queues one more each time it is asked', async () => {
    const endpoint = givenWebhook(context, given, { mode: 'test' });
    const first = await sendTest.execute({ principal: given.testKey, endpointId: endpoint.id, meta: META });
    const second = await sendTest.execute({ principal: given.testKey, endpointId: endpoint.id, meta: META });
    expect(second.delivery_id).not.toBe(first.delivery_id);
    expect(context.db.webhookDeliveries.rows).toHaveLength(2);
  });

  it('is 409 endpoint_inactive for a switched-off endpoint and 404 for another account’s or a key’s other mode’s, queuing nothing', async () => {
    const other = await givenAccount(context);
    const inactive = givenWebhook(context, given, { active: false, deactivated_at: context.clock.now() });
    const theirs = givenWebhook(context, other);
    const test = givenWebhook(context, given, { mode: 'test' });
    const before = writtenState(context);
    await expect(
      sendTest.execute({ principal: given.liveKey, endpointId: inactive.id, meta: META }),
    ).rejects.toMatchObject({ code: 'conflict', reason: 'endpoint_inactive' });
    for (const [principal, endpointId] of [
      [given.owner, theirs.id],
      [given.owner, 'whe_missing'],
      [given.liveKey, test.id],
    ] as const) {
      await expect(sendTest.execute({ principal, endpointId, meta: META })).rejects.toMatchObject({
        code: 'not_found',
      });
    }
    expect(writtenState(context)).toEqual(before);
  });

  it('lets a session test a test endpoint (the dashboard sets up test integrations too)', async () => {
    const test = givenWebhook(context, given, { mode: 'test' });
    const { delivery_id } = await sendTest.execute({ principal: given.owner, endpointId: test.id, meta: META });
    expect(context.db.webhookDeliveries.rows).toEqual([
      expect.objectContaining({ id: delivery_id, endpoint_id: test.id, status: 'pending' }),
    ]);
  });
});
