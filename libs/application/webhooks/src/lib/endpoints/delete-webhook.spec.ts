import {
  type GivenAccount,
  givenAccount,
  givenDelivery,
  givenWebhook,
  InMemoryContext,
  META,
  writtenState,
} from '@intake/testing';
import { DeleteWebhook } from './delete-webhook';

describe('DeleteWebhook', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let deleteWebhook: DeleteWebhook;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    deleteWebhook = context.use(DeleteWebhook);
  });

  it('removes the endpoint with its deliveries, leaving the others; audited with a chat URL’s origin only', async () => {
    const endpoint = givenWebhook(context, given, {
      url: 'https://discord.com/api/webhooks/123/token',
      format: 'discord',
    });
    const kept = givenWebhook(context, given);
    givenDelivery(context, endpoint);
    givenDelivery(context, endpoint, { status: 'failed', attempts: 6 });
    const keptDelivery = givenDelivery(context, kept);
    await deleteWebhook.execute({ principal: given.owner, endpointId: endpoint.id, meta: META });
    expect(context.db.webhookEndpoints.rows.map((e) => e.id)).toEqual([kept.id]);
    expect(context.db.webhookDeliveries.rows.map((d) => d.id)).toEqual([keptDelivery.id]);
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'webhook.deleted',
        actor_type: 'user',
        target_id: endpoint.id,
        summary: { url: 'https://discord.com', events: endpoint.events, format: 'discord', mode: 'live' },
      }),
    ]);
    expect(JSON.stringify(context.db.auditLog.entries)).not.toContain('token');
  });

  it('is 404 for another account’s endpoint, a key’s other mode’s, or none, deleting nothing', async () => {
    const other = await givenAccount(context);
    const theirs = givenWebhook(context, other);
    const test = givenWebhook(context, given, { mode: 'test' });
    const live = givenWebhook(context, given);
    givenDelivery(context, theirs);
    const before = writtenState(context);
    for (const [principal, endpointId] of [
      [given.liveKey, theirs.id],
      [given.liveKey, test.id],
      [given.owner, theirs.id],
      [given.testKey, live.id],
      [given.liveKey, 'whe_missing'],
    ] as const) {
      await expect(deleteWebhook.execute({ principal, endpointId, meta: META })).rejects.toMatchObject({
        code: 'not_found',
        message: 'Webhook endpoint was not found.',
      });
    }
    expect(writtenState(context)).toEqual(before);
    await deleteWebhook.execute({ principal: given.testKey, endpointId: test.id, meta: META });
    expect(context.db.webhookEndpoints.rows.map((e) => e.id)).toEqual([theirs.id, live.id]);
  });

  it('lets a session delete an endpoint of either mode', async () => {
    const test = givenWebhook(context, given, { mode: 'test' });
    const live = givenWebhook(context, given);
    await deleteWebhook.execute({ principal: given.owner, endpointId: test.id, meta: META });
    await deleteWebhook.execute({ principal: given.owner, endpointId: live.id, meta: META });
    expect(context.db.webhookEndpoints.rows).toEqual([]);
    expect(context.db.auditLog.entries.map((e) => [e.action, e.summary['mode']])).toEqual([
      ['webhook.deleted', 'test'],
      ['webhook.deleted', 'live'],
    ]);
  });
});
