import { FakeSmsProvider } from './fake-sms-provider';

describe('FakeSmsProvider (Twilio Messages API shape)', () => {
  let fake: FakeSmsProvider;
  beforeAll(async () => {
    fake = await new FakeSmsProvider().start();
  });
  afterAll(async () => {
    await fake.stop();
  });
  beforeEach(() => fake.reset());

  const post = (fields: Record<string, string>, auth = `${fake.accountSid}:${fake.authToken}`) =>
    fetch(`${fake.url}/2010-04-01/Accounts/${fake.accountSid}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(auth).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(fields).toString(),
    });

  it('answers 201 with a message resource and records it', async () => {
    const response = await post({ To: '+420601234567', From: '+15005550006', Body: 'Ahoj' });
    expect(response.status).toBe(201);
    const message = (await response.json()) as Record<string, unknown>;
    expect(message).toMatchObject({
      account_sid: fake.accountSid,
      to: '+420601234567',
      from: '+15005550006',
      body: 'Ahoj',
      status: 'queued',
      sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
    });
    await fake.waitFor(1);
    expect(fake.messages[0]).toMatchObject({ sid: message['sid'], body: 'Ahoj', messagingServiceSid: null });
  });

  it.each([
    ['wrong credentials', { To: '+420601234567', From: '+15005550006', Body: 'x' }, 'AC0:wrong', 401, 20003],
    ['no To', { From: '+15005550006', Body: 'x' }, undefined, 400, 21604],
    ['no From', { To: '+420601234567', Body: 'x' }, undefined, 400, 21603],
    ['no Body', { To: '+420601234567', From: '+15005550006' }, undefined, 400, 21602],
    ['a long Body', { To: '+420601234567', From: '+15005550006', Body: 'x'.repeat(1601) }, undefined, 400, 21617],
    ['a To not E.164', { To: '601234567', From: '+15005550006', Body: 'x' }, undefined, 400, 21211],
    ['an unsubscribed To', { To: '+15005550004', From: '+15005550006', Body: 'x' }, undefined, 400, 21610],
  ])('refuses %s with Twilio error JSON', async (_case, fields, auth, status, code) => {
    const response = await post(fields, auth);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({
      code,
      message: expect.any(String),
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    });
    expect(fake.messages).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it('fails as often as told, then behaves again', async () => {
    fake.fail('server-error', 2);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post({ To: '+420601234567', From: '+1500', Body: 'x' })).status);
    expect(statuses).toEqual([500, 500, 201]);
  });

  it('can hang without keeping stop() from finishing', async () => {
    const hanging = await new FakeSmsProvider().start();
    hanging.fail('hang');
    const request = fetch(`${hanging.url}/anything`).catch((error: unknown) => error);
    while (hanging.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await hanging.stop();
    // fetch's TypeError comes from Node's realm, not the test's: compare by name.
    expect(await request).toMatchObject({ name: 'TypeError', message: 'fetch failed' });
  });
});
