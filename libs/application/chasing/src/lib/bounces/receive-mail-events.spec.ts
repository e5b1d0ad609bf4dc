import { CreateIntake, type CreateIntakeInput, systemAccess } from '@intake/application-intakes';
import { type GivenAccount, givenAccount, InMemoryContext, META, writtenState } from '@intake/testing';
import { SendDueChases } from '../sending/send-due-chases';
import { ReceiveMailEvents } from './receive-mail-events';
import { ReinstateRecipient } from './reinstate-recipient';
import { type IntakeRecord } from '@intake/domain-intake';

const CLIENT = 'anna@bakery.example';
const PARTNER = 'Petr@Bakery.example';

type Kind = 'Bounce' | 'Complaint' | 'Delivery';

/** An SES notification about the message `messageId` for these recipients. */
function ses(kind: Kind, messageId: string, recipients: string[], at: Date, bounceType = 'Permanent') {
  const mail = { timestamp: at.toISOString(), messageId, source: 'noreply@intake.test', destination: recipients };
  const timestamp = at.toISOString();
  switch (kind) {
    case 'Bounce':
      return {
        notificationType: kind,
        mail,
        bounce: {
          bounceType,
          bounceSubType: 'General',
          bouncedRecipients: recipients.map((emailAddress) => ({ emailAddress })),
          timestamp,
        },
      };
    case 'Complaint':
      return {
        notificationType: kind,
        mail,
        complaint: { complainedRecipients: recipients.map((emailAddress) => ({ emailAddress })), timestamp },
      };
    case 'Delivery':
      return { notificationType: kind, mail, delivery: { recipients, timestamp } };
  }
}

describe('ReceiveMailEvents', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let receive: ReceiveMailEvents;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context, { plan: 'agency' });
    receive = context.use(ReceiveMailEvents);
  });

  const body = (overrides: Partial<CreateIntakeInput> = {}): CreateIntakeInput => ({
    project_name: 'Bakery site',
    client: { email: CLIENT, name: 'Anna', timezone: 'Europe/Prague', also_notify: [{ email: PARTNER }] },
    items: [{ key: 'logo', type: 'image', label: 'Logo' }],
    ...overrides,
  });
  /** A live intake whose invitation the scheduler sent: message `1@memory`, the first reminder planned. */
  const sentIntake = async (overrides: Partial<CreateIntakeInput> = {}) => {
    const { intake } = await context
      .use(CreateIntake)
      .execute({ principal: given.liveKey, body: body(overrides), meta: META });
    await context.use(SendDueChases).run(context.clock.now());
    return intake;
  };
  /** Moves the clock on and lets the scheduler send what fell due (the next reminder: message `n@memory`). */
  const sendNextReminder = async (intakeId: string) => {
    const due = (await context.chases.chases(intakeId)).find((c) => c.status === 'scheduled');
    context.clock.set(due?.scheduled_at as Date);
    await context.use(SendDueChases).run(context.clock.now());
  };
  const stored = async (id: string) => (await context.intakes.get(systemAccess(given.account.id), id)) as IntakeRecord;
  const chases = async (id: string) => (await context.chases.chases(id)).map((c) => [c.kind, c.status]);
  const bounced = () => context.webhooks().filter((w) => w['event'] === 'chase.bounced');
  const report = (kind: Kind, messageId: string, recipients: string[], bounceType?: string) =>
    receive.execute(ses(kind, messageId, recipients, context.clock.now(), bounceType));

  it('retires the client on a permanent bounce, marks the chase bounced, announces and audits it; others still chased', async () => {
    const intake = await sentIntake();
    const invite = (await context.chases.chases(intake.id))[0];
    await expect(report('Bounce', '1@memory', ['ANNA@bakery.example'])).resolves.toEqual({
      outcome: 'applied',
      applied: 1,
      duplicates: 0,
    });
    const now = context.clock.now();
    expect(await stored(intake.id)).toMatchObject({ client_bounced_at: now, version: intake.version + 1 });
    expect((await stored(intake.id)).also_notify).toEqual([{ email: PARTNER, name: null, bounced_at: null }]);
    expect(await chases(intake.id)).toEqual([
      ['invite', 'bounced'],
      ['reminder', 'scheduled'],
    ]);
    expect(bounced()).toEqual([
      {
        event: 'chase.bounced',
        intake_id: intake.id,
        chase_id: invite?.id,
        provider_message_id: '1@memory',
        event_type: 'bounced',
        recipient: CLIENT,
        still_chasing: true,
        bounce_type: 'Permanent',
        delivered_before: false,
        timestamp: Math.floor(now.getTime() / 1000),
      },
    ]);
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      action: 'recipient.bounced',
      actor_type: 'system',
      target_id: intake.id,
      summary: { intake_id: intake.id, chase_id: invite?.id, email: CLIENT, retired: true, still_chasing: true },
    });
  });

  it('tells the owner of each address retired (notify_on_bounced), not of a bounce that retires nothing', async () => {
    const intake = await sentIntake();
    await report('Bounce', '1@memory', [CLIENT], 'Transient');
    expect(context.ownerNotices.rows).toEqual([]);
    await report('Complaint', '1@memory', [PARTNER]);
    expect(context.ownerNotices.rows).toEqual([
      expect.objectContaining({
        intake_id: intake.id,
        mail: {
          kind: 'client_bounced',
          project_name: 'Bakery site',
          client: { name: 'Anna', email: CLIENT },
          address: PARTNER,
          event_type: 'complained',
          still_chasing: true,
        },
      }),
    ]);

    const quiet = await givenAccount(context, { plan: 'agency', notify_on_bounced: false });
    const { intake: other } = await context
      .use(CreateIntake)
      .execute({ principal: quiet.liveKey, body: body({ project_name: 'Quiet' }), meta: META });
    await context.use(SendDueChases).run(context.clock.now());
    const invite = (await context.chases.chases(other.id))[0];
    const messageId = context.chaseQueue.delivery(invite?.id ?? '').provider_message_id ?? '';
    await report('Bounce', messageId, [CLIENT]);
    expect((await context.intakes.get(systemAccess(quiet.account.id), other.id))?.client_bounced_at).not.toBeNull();
    expect(context.ownerNotices.rows.filter((n) => n.intake_id === other.id)).toEqual([]);
  });

  it('retires an address that complained, even after its delivery, and marks the chase complained', async () => {
    const intake = await sentIntake();
    await report('Delivery', '1@memory', [CLIENT, PARTNER.toLowerCase()]);
    await report('Complaint', '1@memory', [PARTNER.toLowerCase()]);
    const partner = (await stored(intake.id)).also_notify[0];
    expect(partner?.bounced_at).toEqual(context.clock.now());
    expect((await stored(intake.id)).client_bounced_at).toBeNull();
    expect((await chases(intake.id))[0]).toEqual(['invite', 'complained']);
    expect(bounced()).toEqual([
      expect.objectContaining({
        event_type: 'complained',
        recipient: PARTNER,
        bounce_type: null,
        delivered_before: true,
        still_chasing: true,
      }),
    ]);
    expect(context.auditActions().at(-1)).toBe('recipient.complained');
  });

  it('retires an address on the third temporary bounce in a row, counting on the intake', async () => {
    const intake = await sentIntake();
    await report('Bounce', '1@memory', [CLIENT], 'Transient');
    await sendNextReminder(intake.id);
    await report('Bounce', '2@memory', [CLIENT], 'Undetermined');
    expect(await stored(intake.id)).toMatchObject({ client_bounced_at: null, client_temporary_bounces: 2 });
    await sendNextReminder(intake.id);
    await report('Bounce', '3@memory', [CLIENT], 'Transient');
    expect(await stored(intake.id)).toMatchObject({
      client_bounced_at: context.clock.now(),
      client_temporary_bounces: 3,
    });
    expect((await chases(intake.id)).map(([, status]) => status)).toEqual([
      'bounced',
      'bounced',
      'bounced',
      'scheduled',
    ]);
    expect(bounced().map((w) => [w['bounce_type'], w['still_chasing']])).toEqual([
      ['Transient', true],
      ['Undetermined', true],
      ['Transient', true],
    ]);
    expect(
      context.db.auditLog.entries.filter((e) => e.action === 'recipient.bounced').map((e) => e.summary['retired']),
    ).toEqual([false, false, true]);
  });

  it('counts an additional recipient’s temporary bounces on its own entry, and a delivery resets the run', async () => {
    const intake = await sentIntake();
    await report('Bounce', '1@memory', [PARTNER], 'Transient');
    await sendNextReminder(intake.id);
    await report('Bounce', '2@memory', [PARTNER], 'Transient');
    expect((await stored(intake.id)).also_notify[0]).toMatchObject({ temporary_bounces: 2, bounced_at: null });
    await report('Delivery', '2@memory', [PARTNER]);
    expect((await stored(intake.id)).also_notify).toEqual([{ email: PARTNER, name: null, bounced_at: null }]);
    await sendNextReminder(intake.id);
    await report('Bounce', '3@memory', [PARTNER], 'Transient');
    expect((await stored(intake.id)).also_notify[0]).toMatchObject({ temporary_bounces: 1, bounced_at: null });
  });

  it('retires nothing on a bounce after confirmed delivery of that message, leaving the chase sent', async () => {
    const intake = await sentIntake();
    await expect(report('Delivery', '<1@memory>', [CLIENT])).resolves.toMatchObject({ outcome: 'applied' });
    await expect(context.sentChases.findByMessageId(['1@memory'])).resolves.toMatchObject({ delivered_to: [CLIENT] });
    await report('Bounce', '1@memory', [CLIENT], 'Permanent');
    expect((await stored(intake.id)).client_bounced_at).toBeNull();
    expect((await chases(intake.id))[0]).toEqual(['invite', 'sent']);
    expect(bounced()).toEqual([
      expect.objectContaining({ delivered_before: true, still_chasing: true, recipient: CLIENT }),
    ]);
  });

  it('stops chasing when the last address is retired: reminders cancelled, still_chasing false', async () => {
    const intake = await sentIntake();
    await report('Bounce', '1@memory', [CLIENT, PARTNER], 'Permanent');
    const after = await stored(intake.id);
    expect(after.client_bounced_at).toEqual(context.clock.now());
    expect(after.also_notify[0]?.bounced_at).toEqual(context.clock.now());
    expect(await chases(intake.id)).toEqual([
      ['invite', 'bounced'],
      ['reminder', 'cancelled'],
    ]);
    expect(bounced().map((w) => [w['recipient'], w['still_chasing']])).toEqual([
      [CLIENT, true],
      [PARTNER, false],
    ]);
  });

  it('acknowledges a message no chase went out with, logs it and writes nothing', async () => {
    await sentIntake();
    const before = writtenState(context);
    await expect(report('Bounce', 'never-sent@elsewhere', [CLIENT])).resolves.toEqual({
      outcome: 'unknown_message',
      applied: 0,
      duplicates: 0,
    });
    expect(writtenState(context)).toEqual(before);
    expect(context.diagnostics.warnings).toEqual([
      {
        event: 'mail_events.unknown_message',
        fields: { provider_message_id: 'never-sent@elsewhere', header_message_id: null, events: ['bounce'] },
      },
    ]);
  });

  it('changes nothing when the provider delivers the same notification again', async () => {
    const intake = await sentIntake();
    const notification = ses('Bounce', '1@memory', [CLIENT], context.clock.now(), 'Transient');
    await receive.execute(notification);
    const before = writtenState(context);
    await expect(receive.execute(notification)).resolves.toEqual({ outcome: 'duplicate', applied: 0, duplicates: 1 });
    expect(writtenState(context)).toEqual(before);
    expect((await stored(intake.id)).client_temporary_bounces).toBe(1);
    expect(bounced()).toHaveLength(1);
  });

  it('applies only the new reports of a notification that repeats some', async () => {
    const intake = await sentIntake();
    await report('Bounce', '1@memory', [CLIENT], 'Transient');
    await expect(report('Bounce', '1@memory', [CLIENT, PARTNER], 'Transient')).resolves.toEqual({
      outcome: 'applied',
      applied: 1,
      duplicates: 1,
    });
    expect(await stored(intake.id)).toMatchObject({ client_temporary_bounces: 1 });
    expect((await stored(intake.id)).also_notify[0]).toMatchObject({ temporary_bounces: 1 });
  });

  it('reads an SNS envelope, and finds the chase by the original Message-ID header when SES replaced it', async () => {
    const intake = await sentIntake();
    const notification = ses('Bounce', '0100018f-ses-id', [CLIENT], context.clock.now());
    const message = { ...notification, mail: { ...notification.mail, commonHeaders: { messageId: '<1@memory>' } } };
    const envelope = {
      Type: 'Notification',
      MessageId: 'sns-1',
      TopicArn: 'arn:aws:sns:x',
      Message: JSON.stringify(message),
    };
    await expect(receive.execute(JSON.stringify(envelope))).resolves.toMatchObject({ outcome: 'applied' });
    expect((await stored(intake.id)).client_bounced_at).toEqual(context.clock.now());
    expect(bounced()[0]).toMatchObject({ provider_message_id: '0100018f-ses-id' });
  });

  it('logs an SNS subscription handshake for the operator, and refuses a malformed body with 422', async () => {
    const handshake = {
      Type: 'SubscriptionConfirmation',
      TopicArn: 'arn:aws:sns:x',
      SubscribeURL: 'https://sns.example/c',
    };
    await expect(receive.execute(handshake)).resolves.toMatchObject({ outcome: 'handshake' });
    expect(context.diagnostics.warnings[0]).toMatchObject({
      event: 'mail_events.sns_handshake',
      fields: { subscribe_url: 'https://sns.example/c' },
    });
    await expect(receive.execute({ notificationType: 'Bounce', mail: {} })).rejects.toMatchObject({
      code: 'unprocessable',
      reason: 'validation_failed',
      details: expect.arrayContaining([{ path: 'mail.messageId', message: 'must be a non-empty string' }]),
    });
  });

  it('records the bounce of a completed intake without claiming it is still chased', async () => {
    const intake = await sentIntake();
    const row = context.db.intakes.rows.find((i) => i.id === intake.id);
    if (row) row.status = 'completed';
    await report('Complaint', '1@memory', [CLIENT]);
    expect((await stored(intake.id)).client_bounced_at).toEqual(context.clock.now());
    expect(bounced()).toEqual([expect.objectContaining({ still_chasing: false })]);
  });

  it('resumes chasing when the owner reinstates an address after nobody was left', async () => {
    const intake = await sentIntake({ client: { email: CLIENT, name: 'Anna', timezone: 'Europe/Prague' } });
    await report('Bounce', '1@memory', [CLIENT]);
    expect(await chases(intake.id)).toEqual([
      ['invite', 'bounced'],
      ['reminder', 'cancelled'],
    ]);
    await expect(
      context
        .use(ReinstateRecipient)
        .execute({ principal: given.liveKey, intakeId: intake.id, email: CLIENT, meta: META }),
    ).resolves.toEqual({ email: CLIENT, bounced_at: null, still_chasing: true });
    // Created at the same instant as the cancelled one, so listed in either order.
    expect((await chases(intake.id)).map((c) => c.join(' ')).sort()).toEqual([
      'invite bounced',
      'reminder cancelled',
      'reminder scheduled',
    ]);
    await sendNextReminder(intake.id);
    expect(context.mail.sent.at(-1)?.to).toEqual([CLIENT]);
  });
});
