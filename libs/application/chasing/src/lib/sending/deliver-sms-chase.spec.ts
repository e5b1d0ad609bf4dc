import { GetUsage } from '@intake/application-accounts';
import { type GivenAccount, givenAccount, givenIntake, InMemoryContext, META, storedIntake } from '@intake/testing';
import { RecordManualChase } from '../manual/record-manual-chase';
import { MAX_SEND_ATTEMPTS } from './deliver-chase';
import { SendDueChases } from './send-due-chases';

const PHONE = '+420601234567';

describe('DeliverChase: SMS chases', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let pass: SendDueChases;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context, { plan: 'studio', name: 'Studio Nova', sender_name: 'Jana' });
    pass = context.use(SendDueChases);
  });

  const smsChase = async (overrides: Parameters<typeof givenIntake>[2] = {}) => {
    const { intake } = await givenIntake(context, given, { client_phone: PHONE, ...overrides });
    const chase = await context
      .use(RecordManualChase)
      .execute({ principal: given.liveKey, intakeId: intake.id, channel: 'sms', meta: META });
    return { intake, chase };
  };
  const stored = (intakeId: string) => storedIntake(context, intakeId).chases[0];
  const smsUsed = async () => (await context.use(GetUsage).execute(given.account.id)).sms_messages.used;

  it('texts the client’s phone one line in their language with the portal link, and keeps the provider’s message id', async () => {
    const { intake, chase } = await smsChase({ client_language: 'cs', project_name: 'Pekárna' });
    expect(await pass.run(context.clock.now())).toBe(1);
    expect(context.sms.sent).toEqual([
      {
        to: PHONE,
        body: `Jana: k projektu Pekárna stále chybí některé podklady. Pošlete je prosím zde: https://portal.test/p/${intake.slug}`,
        messageId: 'SMmemory00000001',
      },
    ]);
    expect(context.mail.sent).toEqual([]); // an SMS chase sends no e-mail
    expect(stored(intake.id)).toMatchObject({ status: 'sent', sent_at: context.clock.now(), missing_items_count: 1 });
    expect(context.chaseQueue.delivery(chase.id)).toMatchObject({
      provider_message_id: 'SMmemory00000001',
      recipients: [PHONE],
      claimed_by: null,
    });
    expect(await smsUsed()).toBe(1);
  });

  it('records a permanent refusal (a number that cannot take SMS) failed at once, and gives the credit back', async () => {
    context.sms.refusedNumbers.add(PHONE);
    const { intake } = await smsChase();
    expect(await smsUsed()).toBe(1);
    await pass.run(context.clock.now());
    expect(stored(intake.id)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('SMS provider refused the recipient'),
    });
    expect(await smsUsed()).toBe(0);
  });

  it('retries a temporary failure like mail, then records it failed after the last attempt and gives the credit back', async () => {
    context.sms.failing = 'unavailable';
    const { intake, chase } = await smsChase();
    for (let attempt = 1; attempt < MAX_SEND_ATTEMPTS; attempt += 1) {
      await pass.run(context.clock.now());
      const current = stored(intake.id);
      expect([current?.status, context.chaseQueue.delivery(chase.id).send_attempts]).toEqual(['scheduled', attempt]);
      expect(await smsUsed()).toBe(1);
      context.clock.set(current?.scheduled_at as Date);
    }
    await pass.run(context.clock.now());
    expect(stored(intake.id)).toMatchObject({ status: 'failed', error: expect.stringContaining('unavailable') });
    expect(await smsUsed()).toBe(0);
  });

  it('a temporary failure that clears is sent on the retry', async () => {
    context.sms.failing = 'timeout';
    const { intake } = await smsChase();
    await pass.run(context.clock.now());
    context.sms.failing = false;
    context.clock.set(stored(intake.id)?.scheduled_at as Date);
    await pass.run(context.clock.now());
    expect(stored(intake.id)?.status).toBe('sent');
    expect(context.sms.sent).toHaveLength(1);
    expect(await smsUsed()).toBe(1);
  });

  it('cancels the chase, and gives the credit back, when the intake completed or the phone was removed meanwhile', async () => {
    const completed = await smsChase();
    const noPhone = await smsChase();
    const rows = context.db.intakes.rows;
    Object.assign(rows.find((i) => i.id === completed.intake.id) ?? {}, { status: 'completed' });
    Object.assign(rows.find((i) => i.id === noPhone.intake.id) ?? {}, { client_phone: null });
    expect(await smsUsed()).toBe(2);
    await pass.run(context.clock.now());
    expect(stored(completed.intake.id)).toMatchObject({ status: 'cancelled' });
    expect(stored(noPhone.intake.id)).toMatchObject({ status: 'cancelled', error: 'the client has no phone number' });
    expect(context.sms.sent).toEqual([]);
    expect(await smsUsed()).toBe(0);
  });
});
