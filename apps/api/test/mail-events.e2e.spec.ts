import { useApi } from './api-test-app';

const SECRET = 'mail-events-e2e-secret-0123456789abcdef';
const URL = '/v1/provider/mail-events';
const CLIENT = 'jan@client.example';
const PARTNER = 'Eva@Client.example';

/** An Amazon SES notification about `messageId` for these recipients. */
function ses(kind: 'Bounce' | 'Complaint', messageId: string, recipients: string[], bounceType = 'Permanent') {
  const timestamp = new Date().toISOString();
  const mail = { timestamp, messageId, source: 'no-reply@localhost', destination: recipients };
  const listed = recipients.map((emailAddress) => ({ emailAddress }));
  return kind === 'Bounce'
    ? { notificationType: kind, mail, bounce: { bounceType, bouncedRecipients: listed, timestamp } }
    : { notificationType: kind, mail, complaint: { complainedRecipients: listed, timestamp, feedbackId: 'f-1' } };
}

describe('POST /v1/provider/mail-events (real Postgres and Redis)', () => {
  const api = useApi({ MAIL_EVENTS_SECRET: SECRET });
  let key: string;

  beforeAll(async () => {
    key = (await api.owner()).key;
  });

  const post = (payload: unknown, headers: Record<string, string> = { authorization: `Bearer ${SECRET}` }) =>
    api.client.request({
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  /** A sent live intake whose invitation the scheduler sent as message `<messageId>`. */
  const sentIntake = async (messageId: string, alsoNotify: string[] = [PARTNER]) => {
    const response = await api.client.asKey(key, {
      method: 'POST',
      url: '/v1/intakes',
      payload: {
        project_name: 'Bakery site',
        client: { email: CLIENT, name: 'Jan', also_notify: alsoNotify.map((email) => ({ email })) },
        items: [{ key: 'logo', type: 'image', label: 'Logo' }],
      },
    });
    expect(response.statusCode).toBe(201);
    const id = response.json().intake_id as string;
    // What the scheduler records once nodemailer has sent it (its ids wear angle brackets).
    await api.db.query(
      `UPDATE chases SET status = 'sent', sent_at = now(), provider_message_id = $2, recipients = $3
        WHERE intake_id = $1 AND kind = 'invite'`,
      [id, `<${messageId}>`, [CLIENT, ...alsoNotify]],
    );
    return id;
  };
  const intake = async (id: string) =>
    (await api.client.asKey(key, { method: 'GET', url: `/v1/intakes/${id}` })).json().intake;
  const chases = async (id: string) =>
    (
      await api.db.query<{ kind: string; status: string }>(
        `SELECT kind, status FROM chases WHERE intake_id = $1 ORDER BY created_at, attempt_no, id`,
        [id],
      )
    ).rows.map((c) => `${c.kind} ${c.status}`);
  const announced = async (id: string) =>
    (
      await api.db.query<{ payload: { payload: Record<string, unknown> } }>(
        `SELECT payload FROM outbox_messages
          WHERE topic = 'webhook' AND payload->'payload'->>'event' = 'chase.bounced' AND payload->'payload'->>'intake_id' = $1
          ORDER BY id`,
        [id],
      )
    ).rows.map((r) => r.payload.payload);

  it('is 401 without the shared secret, with a wrong one, or with an API key', async () => {
    const body = ses('Bounce', 'nothing@intake.test', [CLIENT]);
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${SECRET}x` },
      { authorization: `Bearer ${key}` },
      { authorization: `Basic ${Buffer.from(`sns:${SECRET}x`).toString('base64')}` },
    ];
    for (const headers of attempts) {
      const response = await post(body, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized' });
      expect(response.headers['www-authenticate']).toBe('Basic realm="mail-events"');
    }
  });

  it('takes the secret as the password of Basic authentication, as an SNS subscription sends it', async () => {
    const basic = `Basic ${Buffer.from(`sns:${SECRET}`).toString('base64')}`;
    const response = await post(ses('Bounce', 'never-sent@intake.test', [CLIENT]), { authorization: basic });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: 'unknown_message', applied: 0, duplicates: 0 });
  });

  it('is 422 with details for a malformed notification', async () => {
    const response = await post({ notificationType: 'Bounce', mail: {}, bounce: { bounceType: 'Soft' } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: 'unprocessable',
      reason: 'validation_failed',
      details: expect.arrayContaining([
        { path: 'mail.messageId', message: 'must be a non-empty string' },
        { path: 'bounce.bounceType', message: 'must be one of Permanent, Transient, Undetermined' },
      ]),
    });
  });

  it('retires an address on an SES bounce and announces chase.bounced; the same bounce again changes nothing', async () => {
    const id = await sentIntake('bounce-1@intake.test');
    const [invite] = (
      await api.db.query<{ id: string }>(`SELECT id FROM chases WHERE intake_id = $1 AND kind = 'invite'`, [id])
    ).rows;
    const response = await post(ses('Bounce', 'bounce-1@intake.test', ['JAN@client.example']));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: 'applied', applied: 1, duplicates: 0 });
    const after = await intake(id);
    expect(after.client.client_bounced_at).toEqual(expect.any(String));
    expect(after.client.also_notify).toEqual([{ email: PARTNER, name: null, bounced_at: null }]);
    expect(await chases(id)).toEqual(['invite bounced', 'reminder scheduled']);
    expect(await announced(id)).toEqual([
      {
        event: 'chase.bounced',
        intake_id: id,
        chase_id: invite?.id,
        provider_message_id: 'bounce-1@intake.test',
        event_type: 'bounced',
        recipient: CLIENT,
        still_chasing: true,
        bounce_type: 'Permanent',
        delivered_before: false,
        timestamp: expect.any(Number),
      },
    ]);

    const again = await post(ses('Bounce', 'bounce-1@intake.test', [CLIENT]));
    expect(again.json()).toEqual({ outcome: 'duplicate', applied: 0, duplicates: 1 });
    expect(await announced(id)).toHaveLength(1);
    expect((await intake(id)).client.client_bounced_at).toBe(after.client.client_bounced_at);
  });

  it('retires the last address on a complaint in an SNS envelope: reminders cancelled, still_chasing false; reinstating resumes', async () => {
    const id = await sentIntake('complaint-1@intake.test', []);
    const envelope = {
      Type: 'Notification',
      MessageId: 'sns-1',
      TopicArn: 'arn:aws:sns:eu-west-1:123456789012:ses-events',
      // The provider's id bracketed, as some relays forward it.
      Message: JSON.stringify(ses('Complaint', '<complaint-1@intake.test>', [CLIENT])),
    };
    // SNS posts its envelope as text/plain.
    const response = await post(JSON.stringify(envelope), {
      authorization: `Bearer ${SECRET}`,
      'content-type': 'text/plain; charset=UTF-8',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'applied' });
    expect(await chases(id)).toEqual(['invite complained', 'reminder cancelled']);
    expect(await announced(id)).toEqual([
      expect.objectContaining({ event_type: 'complained', bounce_type: null, still_chasing: false, recipient: CLIENT }),
    ]);

    const reinstated = await api.client.asKey(key, {
      method: 'POST',
      url: `/v1/intakes/${id}/recipients/${encodeURIComponent(CLIENT)}/reinstate`,
    });
    expect(reinstated.statusCode).toBe(200);
    expect(reinstated.json()).toEqual({ email: CLIENT, bounced_at: null, still_chasing: true });
    expect((await intake(id)).client.client_bounced_at).toBeNull();
    expect((await chases(id)).sort()).toEqual(['invite complained', 'reminder cancelled', 'reminder scheduled']);
  });
});

describe('POST /v1/provider/mail-events without MAIL_EVENTS_SECRET', () => {
  const api = useApi();

  it('is 503 mail_events_disabled, whatever the request', async () => {
    const response = await api.client.request({
      method: 'POST',
      url: URL,
      headers: { authorization: 'Bearer anything', 'content-type': 'application/json' },
      payload: JSON.stringify(ses('Bounce', 'x@intake.test', [CLIENT])),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: 'service_unavailable', reason: 'mail_events_disabled' });
  });
});
