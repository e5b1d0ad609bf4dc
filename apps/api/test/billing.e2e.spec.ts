import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAKE_STRIPE_PRICES, FakeStripe, fakeStripeEnvironment } from '@intake/testing';
import { inviteMember } from './access-matrix.fixtures';
import { type Api, type Owner, useApi } from './api-test-app';

const PRICES = FAKE_STRIPE_PRICES;
const unix = () => Math.floor(Date.now() / 1000);

async function newIntake(api: Api, owner: Owner, phone = false): Promise<string> {
  const response = await api.client.asKey(owner.key, {
    method: 'POST',
    url: '/v1/intakes',
    payload: {
      project_name: 'Bakery site',
      client: { email: 'anna@client.example', name: 'Anna', ...(phone ? { phone: '+420601234567' } : {}) },
      items: [{ key: 'about', type: 'longtext', label: 'About you' }],
    },
  });
  if (response.statusCode !== 201) throw new Error(`intake creation: ${response.statusCode} ${response.body}`);
  return response.json().intake_id as string;
}

describe('billing through Stripe (a local fake Stripe; real Postgres and Redis)', () => {
  const stripe = new FakeStripe();
  let outboxDir = '';
  const api = useApi(
    {},
    {
      prepare: async (environment) => {
        await stripe.start();
        outboxDir = await mkdtemp(join(tmpdir(), 'billing-sms-'));
        return {
          ...environment.env,
          ...fakeStripeEnvironment(stripe),
          SMS_DRIVER: 'outbox-dir',
          SMS_OUTBOX_DIR: outboxDir,
        };
      },
    },
  );
  afterAll(async () => {
    await stripe.stop();
    if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
  });

  const checkout = (owner: Owner, payload: object) =>
    api.client.asSession(owner.session, { method: 'POST', url: '/v1/billing/checkout', payload });
  const deliver = (payload: string, signature = stripe.sign(payload)) =>
    api.client.request({
      method: 'POST',
      url: '/v1/provider/payments',
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });
  const get = async (owner: Owner, url: string) => (await api.client.asKey(owner.key, { method: 'GET', url })).json();
  const customerOf = async (accountId: string) =>
    (await api.db.query(`SELECT customer_id FROM billing_accounts WHERE account_id = $1`, [accountId])).rows[0]
      ?.customer_id as string;

  /** Checkout of `plan` completed and its subscription created, as Stripe sends them. */
  async function subscribe(owner: Owner, plan: 'solo' | 'studio' | 'agency' = 'solo') {
    expect((await checkout(owner, { plan })).statusCode).toBe(200);
    const completed = stripe.completedCheckout(stripe.lastSession().id);
    const created = unix() - 60;
    const subscription = {
      id: completed.subscription as string,
      customer: await customerOf(owner.accountId),
      price: PRICES[`STRIPE_PRICE_${plan.toUpperCase()}` as keyof typeof PRICES],
      created,
    };
    expect((await deliver(stripe.event('checkout.session.completed', completed, created).payload)).statusCode).toBe(
      200,
    );
    const event = stripe.event(
      'customer.subscription.created',
      stripe.subscription({ ...subscription, status: 'active' }),
      created,
    );
    expect((await deliver(event.payload)).json()).toEqual({ outcome: 'applied' });
    return subscription;
  }

  it('an owner’s checkout answers the hosted checkout URL; one provider customer per account; audited', async () => {
    const owner = await api.owner();
    const response = await checkout(owner, { plan: 'studio' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/),
    });
    const session = stripe.lastSession() as unknown as Record<string, unknown>;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: owner.accountId,
      line_items_price: 'price_studio',
      metadata: { account_id: owner.accountId, plan: 'studio' },
    });
    expect(String(session['success_url'])).toMatch(/\/billing\?checkout=success$/);
    expect((await checkout(owner, { plan: 'solo' })).statusCode).toBe(200);
    const portal = await api.client.asSession(owner.session, { method: 'POST', url: '/v1/billing/portal' });
    expect([portal.statusCode, portal.json().url]).toEqual([
      200,
      expect.stringMatching(/^https:\/\/billing\.stripe\.com\//),
    ]);
    const customerCalls = stripe.calls.filter(
      (c) =>
        c.path === '/v1/customers' &&
        (c.form['metadata'] as Record<string, string>)?.['account_id'] === owner.accountId,
    );
    expect(customerCalls).toHaveLength(1);
    expect(customerCalls[0]?.idempotencyKey).toBe(`customer-${owner.accountId}`);
    const audit = await get(owner, '/v1/audit?limit=5');
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['billing.checkout_created', 'billing.portal_opened']),
    );
    expect(audit.entries.find((e: { action: string }) => e.action === 'billing.checkout_created').summary).toEqual({
      plan: 'solo',
    });
  });

  it('refuses the body unless it is exactly one plan or one credit pack (422 naming the fields)', async () => {
    const owner = await api.owner();
    for (const payload of [{}, { plan: 'solo', sms_credits: 100 }, { plan: 'free' }, { sms_credits: 250 }]) {
      const refused = await checkout(owner, payload);
      expect([refused.statusCode, refused.json().error]).toEqual([422, 'unprocessable']);
      expect(refused.json().details.map((d: { path: string }) => d.path)).toEqual(
        expect.arrayContaining([Object.keys(payload)[0] ?? 'plan']),
      );
    }
  });

  it('a member and an API key are refused checkout and the portal (403)', async () => {
    const owner = await api.owner();
    const member = await inviteMember(api, owner.session);
    const memberSession = await api.client.logIn(member.email);
    for (const url of ['/v1/billing/checkout', '/v1/billing/portal']) {
      const byMember = await api.client.asSession(memberSession, { method: 'POST', url, payload: { plan: 'solo' } });
      expect([byMember.statusCode, byMember.json().reason]).toEqual([403, 'owner_only']);
      const byKey = await api.client.asKey(owner.key, { method: 'POST', url, payload: { plan: 'solo' } });
      expect([byKey.statusCode, byKey.json().reason]).toEqual([403, 'session_only']);
    }
    expect(stripe.calls.some((c) => c.form['client_reference_id'] === owner.accountId)).toBe(false);
  });

  it('checkout.session.completed + customer.subscription.created move a Free account to the plan; revisions then work', async () => {
    const owner = await api.owner();
    const id = await newIntake(api, owner);
    await api.db.query(
      `UPDATE items SET status = 'submitted', value = '"x"', submitted_at = now() WHERE intake_id = $1`,
      [id],
    );
    const revise = () =>
      api.client.asKey(owner.key, {
        method: 'POST',
        url: `/v1/intakes/${id}/revision`,
        payload: { item_key: 'about', note: 'More' },
      });
    expect((await revise()).json()).toMatchObject({ error: 'plan_required', reason: 'revisions' });

    await subscribe(owner, 'solo');
    expect((await get(owner, '/v1/account')).plan).toMatchObject({
      id: 'solo',
      features: { revisions: true, sms: true },
    });
    expect((await get(owner, '/v1/usage')).intakes.limit).toBe(100);
    const audit = await get(owner, '/v1/audit?action=account.plan_changed');
    expect(audit.entries[0]).toMatchObject({
      actor: { type: 'system', id: null },
      summary: { from: 'free', to: 'solo', subscription_status: 'active' },
    });
    expect((await revise()).statusCode).toBe(200);
  });

  it('a credit pack adds SMS credits once the payment completes; an SMS chase then passes', async () => {
    const owner = await api.owner({ plan: 'solo' });
    await newIntake(api, owner);
    await api.db.query(`UPDATE usage_counters SET sms_sent = 100 WHERE account_id = $1`, [owner.accountId]);
    const chase = async () =>
      api.client.asKey(owner.key, {
        method: 'POST',
        url: `/v1/intakes/${await newIntake(api, owner, true)}/chase`,
        payload: { channel: 'sms' },
      });
    expect((await chase()).json()).toMatchObject({ error: 'quota_exceeded', reason: 'sms_credits' });

    const response = await checkout(owner, { sms_credits: 100 });
    expect(response.statusCode).toBe(200);
    const session = stripe.lastSession();
    expect(session).toMatchObject({ mode: 'payment', metadata: { sms_credits: '100' } });
    expect((await get(owner, '/v1/usage')).sms_credits).toEqual({ balance: 0, used_this_period: 0 });
    const paid = stripe.event('checkout.session.completed', stripe.completedCheckout(session.id));
    expect((await deliver(paid.payload)).json()).toEqual({ outcome: 'applied' });
    expect((await get(owner, '/v1/usage')).sms_credits).toEqual({ balance: 100, used_this_period: 0 });

    expect((await chase()).statusCode).toBe(201);
    const usage = await get(owner, '/v1/usage');
    expect(usage.sms_messages).toEqual({ used: 100, limit: 100 });
    expect(usage.sms_credits).toEqual({ balance: 99, used_this_period: 1 });

    // The same event again (Stripe retries): applied once only.
    expect((await deliver(paid.payload)).json()).toEqual({ outcome: 'duplicate' });
    expect((await get(owner, '/v1/usage')).sms_credits.balance).toBe(99);
    const audit = await get(owner, '/v1/audit?action=billing.sms_credits_added');
    expect(audit.entries).toHaveLength(1);
  });

  it('customer.subscription.deleted returns the account to Free and deletes nothing; only new spending is refused', async () => {
    const owner = await api.owner();
    const subscription = await subscribe(owner, 'studio');
    const intakes = await Promise.all(Array.from({ length: 3 }, () => newIntake(api, owner)));
    await api.db.query(`UPDATE usage_counters SET intakes_created = 40 WHERE account_id = $1`, [owner.accountId]);

    const deleted = stripe.event(
      'customer.subscription.deleted',
      stripe.subscription({ ...subscription, status: 'canceled' }),
    );
    expect((await deliver(deleted.payload)).json()).toEqual({ outcome: 'applied' });
    expect((await get(owner, '/v1/account')).plan.id).toBe('free');
    const listed = await get(owner, '/v1/intakes?limit=50');
    expect(listed.intakes.map((i: { intake_id: string }) => i.intake_id)).toEqual(expect.arrayContaining(intakes));
    for (const id of intakes)
      expect((await api.client.asKey(owner.key, { method: 'GET', url: `/v1/intakes/${id}` })).statusCode).toBe(200);
    const refused = await api.client.asKey(owner.key, {
      method: 'POST',
      url: '/v1/intakes',
      payload: {
        project_name: 'One more',
        client: { email: 'b@client.example', name: 'B' },
        items: [{ key: 'a', type: 'text', label: 'A' }],
      },
    });
    expect([refused.statusCode, refused.json().reason]).toEqual([402, 'intakes']);

    // An older update of the ended subscription, arriving late, changes nothing.
    const late = stripe.event(
      'customer.subscription.updated',
      stripe.subscription({ ...subscription, status: 'active' }),
      subscription.created + 1,
    );
    expect((await deliver(late.payload)).json()).toEqual({ outcome: 'stale' });
    expect((await get(owner, '/v1/account')).plan.id).toBe('free');
    expect((await get(owner, '/v1/audit?action=account.plan_changed')).entries[0].summary).toMatchObject({
      from: 'studio',
      to: 'free',
    });
  });

  it('parallel spending at the intakes quota boundary never overshoots (a downgraded account)', async () => {
    const owner = await api.owner({ plan: 'solo' });
    await newIntake(api, owner);
    await api.db.query(`UPDATE usage_counters SET intakes_created = 8 WHERE account_id = $1`, [owner.accountId]);
    await api.db.query(`UPDATE accounts SET plan = 'free' WHERE id = $1`, [owner.accountId]); // Free: 10 a month
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.client.asKey(owner.key, {
          method: 'POST',
          url: '/v1/intakes',
          payload: {
            project_name: 'Race',
            client: { email: 'r@client.example', name: 'R' },
            items: [{ key: 'a', type: 'text', label: 'A' }],
          },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 402, 402, 402, 402]);
    for (const refused of answers.filter((a) => a.statusCode === 402)) expect(refused.json().reason).toBe('intakes');
    expect((await get(owner, '/v1/usage')).intakes).toEqual({ used: 10, limit: 10 });
  });

  it('events of one subscription apply newest first: an older update after a newer one is stale', async () => {
    const owner = await api.owner();
    const subscription = await subscribe(owner, 'solo');
    const upgrade = stripe.event(
      'customer.subscription.updated',
      stripe.subscription({ ...subscription, price: 'price_agency', status: 'active' }),
      subscription.created + 20,
    );
    const older = stripe.event(
      'customer.subscription.updated',
      stripe.subscription({ ...subscription, price: 'price_studio', status: 'active' }),
      subscription.created + 10,
    );
    expect((await deliver(upgrade.payload)).json()).toEqual({ outcome: 'applied' });
    expect((await deliver(older.payload)).json()).toEqual({ outcome: 'stale' });
    expect((await get(owner, '/v1/account')).plan.id).toBe('agency');
  });

  it('a failed payment starts the 14-day grace period and keeps the plan meanwhile', async () => {
    const owner = await api.owner();
    const subscription = await subscribe(owner, 'solo');
    const failed = stripe.event('invoice.payment_failed', {
      id: 'in_test_1',
      object: 'invoice',
      customer: subscription.customer,
      status: 'open',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    });
    expect((await deliver(failed.payload)).json()).toEqual({ outcome: 'applied' });
    expect((await get(owner, '/v1/account')).plan.id).toBe('solo');
    const grace = await api.db.query(`SELECT grace_until FROM billing_accounts WHERE account_id = $1`, [
      owner.accountId,
    ]);
    const days = (grace.rows[0].grace_until.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const audit = await get(owner, '/v1/audit?action=billing.payment_failed');
    expect(audit.entries).toHaveLength(1);
  });

  it('a forged, stale or missing signature is 400 payment_signature and changes nothing', async () => {
    const owner = await api.owner({ plan: 'solo' });
    await checkout(owner, { sms_credits: 500 });
    const paid = stripe.event('checkout.session.completed', stripe.completedCheckout(stripe.lastSession().id));
    const answers = [
      await deliver(paid.payload, stripe.sign(paid.payload, { secret: 'whsec_someone_else' })),
      await deliver(paid.payload, stripe.sign(paid.payload, { timestamp: unix() - 3600 })),
      await deliver(paid.payload.replace('"paid"', '"unpaid"'), stripe.sign(paid.payload)),
      await api.client.request({
        method: 'POST',
        url: '/v1/provider/payments',
        payload: paid.payload,
        headers: { 'content-type': 'application/json' },
      }),
    ];
    for (const answer of answers) {
      expect([answer.statusCode, answer.json().error, answer.json().reason]).toEqual([
        400,
        'invalid_request',
        'payment_signature',
      ]);
      expect(answer.json().details[0].path).toBe('stripe-signature');
    }
    expect((await get(owner, '/v1/usage')).sms_credits.balance).toBe(0);
    const recorded = await api.db.query(`SELECT 1 FROM payment_events WHERE id = $1`, [paid.id]);
    expect(recorded.rowCount).toBe(0);
    // The genuine delivery still applies afterwards.
    expect((await deliver(paid.payload)).json()).toEqual({ outcome: 'applied' });
    expect((await get(owner, '/v1/usage')).sms_credits.balance).toBe(500);
  });

  it('GET /pricing.json lists every plan with limits, features and its configured monthly price', async () => {
    const pricing = (await api.client.request({ method: 'GET', url: '/pricing.json' })).json();
    expect(pricing.plans.map((p: { id: string; monthly_price: object }) => [p.id, p.monthly_price])).toEqual([
      ['free', { amount: 0, currency: 'eur' }],
      ['solo', { amount: 19, currency: 'eur' }],
      ['studio', { amount: 49, currency: 'eur' }],
      ['agency', { amount: 149, currency: 'eur' }],
    ]);
    expect(pricing.plans[1]).toMatchObject({
      quotas: { intakes_per_month: 100 },
      features: { revisions: true, sms: true },
    });
    expect(pricing.sms_credit_packs).toEqual([100, 500, 1000]);
  });
});

describe('billing without payment configuration', () => {
  const api = useApi();

  it('checkout and portal answer 503 billing_not_configured; provider events too', async () => {
    const owner = await api.owner();
    for (const url of ['/v1/billing/checkout', '/v1/billing/portal']) {
      const response = await api.client.asSession(owner.session, { method: 'POST', url, payload: { plan: 'solo' } });
      expect([response.statusCode, response.json().reason]).toEqual([503, 'billing_not_configured']);
      expect(response.json().message).toMatch(/Billing is not configured/);
    }
    const event = await api.client.request({
      method: 'POST',
      url: '/v1/provider/payments',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect([event.statusCode, event.json().reason]).toEqual([503, 'billing_not_configured']);
  });
});
