import {
  type GivenAccount,
  givenAccount,
  givenIntake,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { type Principal } from '@intake/domain-accounts';
import { AddRecipient, MAX_ADDITIONAL_RECIPIENTS } from './add-recipient';
import { type Recipient } from '@intake/domain-intake';

const recipient = (email: string): Recipient => ({ email, name: null, bounced_at: null });

describe('AddRecipient', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let addRecipient: AddRecipient;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    addRecipient = context.use(AddRecipient);
  });

  const add = (intakeId: string, email: string, name?: string, principal: Principal = given.liveKey) =>
    addRecipient.execute({ principal, intakeId, recipient: { email, name }, meta: META });

  it('adds a recipient, trimmed, sending no mail itself; audited', async () => {
    const { intake } = await givenIntake(context, given);
    const changed = await add(intake.id, ' eva@client.example ', ' Eva ');
    await add(intake.id, 'petr@client.example', '  ');
    expect(changed.also_notify).toEqual([{ email: 'eva@client.example', name: 'Eva', bounced_at: null }]);
    expect(storedIntake(context, intake.id).intake.also_notify).toEqual([
      { email: 'eva@client.example', name: 'Eva', bounced_at: null },
      { email: 'petr@client.example', name: null, bounced_at: null },
    ]);
    expect(context.db.auditLog.entries[0]).toMatchObject({
      action: 'recipient.added',
      target_id: intake.id,
      summary: { intake_id: intake.id, email: 'eva@client.example' },
    });
    expect(context.mail.sent).toEqual([]);
    expect(context.db.outbox.messages).toEqual([]);
  });

  it('is 409 recipient_exists for the client’s or a recipient’s address in any case, writing nothing', async () => {
    const { intake } = await givenIntake(context, given, { also_notify: [recipient('eva@client.example')] });
    const before = writtenState(context);
    for (const email of ['JAN@client.example', 'Eva@Client.example']) {
      await expect(add(intake.id, email)).rejects.toMatchObject({ code: 'conflict', reason: 'recipient_exists' });
    }
    expect(writtenState(context)).toEqual(before);
  });

  it('allows 4 additional recipients: a fifth is 422 too_many_recipients, writing nothing', async () => {
    const { intake } = await givenIntake(context, given, {
      also_notify: ['a', 'b', 'c'].map((n) => recipient(`${n}@client.example`)),
    });
    await add(intake.id, 'd@client.example');
    expect(storedIntake(context, intake.id).intake.also_notify).toHaveLength(MAX_ADDITIONAL_RECIPIENTS);
    const before = writtenState(context);
    await expect(add(intake.id, 'e@client.example')).rejects.toMatchObject({
      code: 'unprocessable',
      reason: 'too_many_recipients',
      details: [{ path: 'email', message: 'would be a fifth additional recipient' }],
    });
    await expect(add(intake.id, 'a@client.example')).rejects.toMatchObject({ reason: 'recipient_exists' });
    expect(writtenState(context)).toEqual(before);
  });

  it('is 409 intake_archived for an archived intake and 404 for one the caller may not see', async () => {
    const { intake: archived } = await givenIntake(context, given, { status: 'archived' });
    const { intake: test } = await givenIntake(context, given, { by: given.testKey });
    const before = writtenState(context);
    await expect(add(archived.id, 'eva@client.example')).rejects.toMatchObject({ reason: 'intake_archived' });
    await expect(add(test.id, 'eva@client.example')).rejects.toMatchObject({ code: 'not_found' });
    expect(writtenState(context)).toEqual(before);
  });
});
