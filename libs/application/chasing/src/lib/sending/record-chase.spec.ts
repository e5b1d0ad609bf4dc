import { givenAccount, givenChase, givenIntake, InMemoryContext, storedIntake } from '@intake/testing';
import { RecordChase } from './record-chase';

describe('RecordChase', () => {
  it('records a group of outcomes in one go, plans an intake’s next reminder once, and skips chases whose lease was lost', async () => {
    const context = new InMemoryContext();
    const given = await givenAccount(context, { plan: 'agency' });
    const now = context.clock.now();
    const { intake } = await givenIntake(context, given, { sent_at: now });
    const { intake: other } = await givenIntake(context, given, { sent_at: now });
    await givenChase(context, intake, { kind: 'invite', status: 'scheduled', attempt_no: 0 });
    await givenChase(context, intake, { kind: 'reminder', status: 'scheduled', attempt_no: 1 });
    const lost = await givenChase(context, other, { kind: 'invite', status: 'scheduled', attempt_no: 0 });
    const claimed = await context.chaseQueue.claimDue(now, 10, {
      worker: 'w1',
      until: new Date(now.getTime() + 60_000),
    });
    // The lease on the other intake's invitation ran out and another scheduler took it.
    await context.chaseQueue.retryLater(lost.id, 'w1', now, 'given back');
    await context.chaseQueue.claimDue(now, 10, { worker: 'w2', until: new Date(now.getTime() + 60_000) });

    const sent = {
      status: 'sent',
      at: now,
      provider_message_id: '<1@x>',
      recipients: ['a@x.example'],
      missing_items_count: 1,
    } as const;
    const recorded = await context.use(RecordChase).recordMany(
      claimed.map((chase) => ({ chase, outcome: sent })),
      'w1',
      now,
    );

    expect(recorded).toHaveLength(2);
    expect(recorded).not.toContain(lost.id);
    const chases = storedIntake(context, intake.id).chases;
    expect(chases.filter((c) => c.status === 'sent')).toHaveLength(2);
    // One next reminder (the second), not one per chase recorded.
    expect(chases.filter((c) => c.status === 'scheduled').map((c) => [c.kind, c.attempt_no])).toEqual([
      ['reminder', 2],
    ]);
    expect(storedIntake(context, other.id).chases.map((c) => c.status)).toEqual(['scheduled']);
  });
});
