import {
  type GivenAccount,
  givenAccount,
  givenIntake,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { RemoveRecipient } from './remove-recipient';

describe('RemoveRecipient', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let removeRecipient: RemoveRecipient;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    removeRecipient = context.use(RemoveRecipient);
  });

  const remove = (intakeId: string, email: string) =>
    removeRecipient.execute({ principal: given.liveKey, intakeId, email, meta: META });
  const withRecipients = (status: 'sent' | 'archived' = 'sent') =>
    givenIntake(context, given, {
      status,
      also_notify: [
        { email: 'eva@client.example', name: 'Eva', bounced_at: null },
        { email: 'petr@client.example', name: null, bounced_at: null },
      ],
    });

  it('removes an additional recipient by address in any case; audited', async () => {
    const { intake } = await withRecipients();
    await remove(intake.id, 'EVA@client.example');
    expect(storedIntake(context, intake.id).intake.also_notify.map((r) => r.email)).toEqual(['petr@client.example']);
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'recipient.removed',
        summary: { intake_id: intake.id, email: 'EVA@client.example' },
      }),
    ]);
  });

  it('is 400 recipient_is_primary for the client and 404 recipient_not_found for an unknown address', async () => {
    const { intake } = await withRecipients();
    const before = writtenState(context);
    await expect(remove(intake.id, 'Jan@Client.example')).rejects.toMatchObject({
      code: 'invalid_request',
      reason: 'recipient_is_primary',
    });
    await expect(remove(intake.id, 'nobody@client.example')).rejects.toMatchObject({
      code: 'not_found',
      reason: 'recipient_not_found',
    });
    expect(writtenState(context)).toEqual(before);
  });

  it('is 409 intake_archived for an archived intake', async () => {
    const { intake } = await withRecipients('archived');
    await expect(remove(intake.id, 'eva@client.example')).rejects.toMatchObject({ reason: 'intake_archived' });
    expect(storedIntake(context, intake.id).intake.also_notify).toHaveLength(2);
  });
});
