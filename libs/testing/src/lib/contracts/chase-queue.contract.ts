import { type ChaseQueue } from '@intake/application-chasing';
import { type IntakeStoresFixture, aChase, anIntake, at } from './intake-stores.fixture';

export interface ChaseQueueFixture extends IntakeStoresFixture {
  queue: ChaseQueue;
  /** A second handle on the same queue (its own connections where there are any). */
  otherQueue: ChaseQueue;
}

const lease = (worker: string, minutes: number) => ({ worker, until: at(minutes) });

/** The behaviour every ChaseQueue must have, run against each of them. */
export function describeChaseQueueContract(name: string, setup: () => Promise<ChaseQueueFixture>): void {
  describe(`ChaseQueue contract: ${name}`, () => {
    let f: ChaseQueueFixture;
    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });
    // Each test's leftovers are cancelled, so that an earlier test's due chases never fill a later claim.
    const made: string[] = [];
    afterEach(async () => {
      for (const intakeId of made.splice(0)) await f.chases.cancelScheduledChases(intakeId);
    });

    /** An intake of a fresh account with the given chases. */
    async function given(...chases: Array<Parameters<typeof aChase>[1]>) {
      const accountId = await f.createAccount();
      const intake = anIntake(accountId);
      await f.intakes.insert(intake, []);
      made.push(intake.id);
      // Created one minute apart, so that the intake's chases list in the order given.
      const rows = chases.map((c, i) => aChase(intake.id, { created_at: at(i), ...c }));
      for (const row of rows) await f.chases.insertChase(row);
      return { accountId, intake, ids: rows.map((r) => r.id) };
    }
    const statuses = async (intakeId: string) => (await f.chases.chases(intakeId)).map((c) => c.status);
    /** Claims everything due at `now` for `worker`; ids of this test's intake only. */
    const claim = async (queue: ChaseQueue, ids: string[], now: Date, worker = 'w1', limit = 1000) =>
      (await queue.claimDue(now, limit, { worker, until: new Date(now.getTime() + 3_600_000) }, null))
        .map((c) => c.id)
        .filter((id) => ids.includes(id));

    it('claims only scheduled chases that are due, oldest first, with their account and kind', async () => {
      const { accountId, intake, ids } = await given(
        { status: 'scheduled', scheduled_at: at(5), kind: 'reminder', attempt_no: 2 },
        { status: 'scheduled', scheduled_at: at(1), kind: 'invite', attempt_no: 0 },
        { status: 'scheduled', scheduled_at: at(30) },
        { status: 'sent', scheduled_at: at(0) },
        { status: 'cancelled', scheduled_at: at(0) },
      );
      const claimed = (await f.queue.claimDue(at(10), 1000, lease('w1', 70), null)).filter(
        (c) => c.intake_id === intake.id,
      );
      expect(claimed.map((c) => c.id)).toEqual([ids[1], ids[0]]);
      expect(claimed[0]).toMatchObject({ account_id: accountId, kind: 'invite', attempt_no: 0, send_attempts: 0 });
      expect(claimed[0]?.scheduled_at).toEqual(at(1));
      expect(await statuses(intake.id)).toEqual(['scheduled', 'scheduled', 'scheduled', 'sent', 'cancelled']);
    });

    it('hands on an items_added mail’s item keys, and null for the other kinds (the status list keeps them to itself)', async () => {
      const { intake, ids } = await given(
        { status: 'scheduled', scheduled_at: at(1), kind: 'items_added', attempt_no: 0, item_keys: ['photos', 'vat'] },
        { status: 'scheduled', scheduled_at: at(2), kind: 'thank_you', attempt_no: 0 },
      );
      const claimed = (await f.queue.claimDue(at(3), 1000, lease('w1', 70), null)).filter(
        (c) => c.intake_id === intake.id,
      );
      expect(claimed.map((c) => [c.id, c.kind, c.item_keys])).toEqual([
        [ids[0], 'items_added', ['photos', 'vat']],
        [ids[1], 'thank_you', null],
      ]);
      expect((await f.chases.chases(intake.id)).map((c) => [c.kind, 'item_keys' in c])).toEqual([
        ['items_added', false],
        ['thank_you', false],
      ]);
    });

    it('claims a chase due at exactly now, and keeps to the limit', async () => {
      const { ids } = await given({ scheduled_at: at(100) }, { scheduled_at: at(100) }, { scheduled_at: at(100) });
      expect(await claim(f.queue, ids, at(100), 'w1', 1)).toHaveLength(1);
    });

    it('never hands a leased chase to anyone until the lease has run out', async () => {
      const { ids } = await given({ scheduled_at: at(200) });
      expect(await f.queue.claimDue(at(200), 1000, lease('w1', 210), null).then((c) => c.map((x) => x.id))).toContain(
        ids[0],
      );
      expect(await claim(f.otherQueue, ids, at(205), 'w2')).toEqual([]);
      expect(await claim(f.otherQueue, ids, at(210), 'w2')).toEqual([]);
      expect(await claim(f.otherQueue, ids, at(211), 'w2')).toEqual(ids);
    });

    it('two claims at once share the due chases out without overlap', async () => {
      const many = Array.from({ length: 40 }, () => ({ scheduled_at: at(300) }));
      const { ids } = await given(...many);
      const [a, b] = await Promise.all([
        claim(f.queue, ids, at(300), 'w1', 25),
        claim(f.otherQueue, ids, at(300), 'w2', 25),
      ]);
      expect(a.filter((id) => b.includes(id))).toEqual([]);
      expect(new Set([...a, ...b]).size).toBe(Math.min(40, a.length + b.length));
      expect(a.length + b.length).toBeGreaterThanOrEqual(25);
    });

    it('settles a chase only for the worker holding it, recording the outcome and freeing it', async () => {
      const { intake, ids } = await given({ scheduled_at: at(400) }, { scheduled_at: at(400) });
      const [first, second] = ids as [string, string];
      await f.queue.claimDue(at(400), 1000, lease('w1', 460), null);
      const sent = {
        status: 'sent',
        at: at(401),
        provider_message_id: '<m1@x>',
        recipients: ['a@x.example'],
        missing_items_count: 2,
      } as const;
      expect(await f.queue.settle(first, 'w2', sent)).toBe(false);
      expect(await f.queue.settle(first, 'w1', sent)).toBe(true);
      expect(await f.queue.settle(first, 'w1', sent)).toBe(false); // no longer scheduled
      expect(await f.queue.settle(second, 'w1', { status: 'skipped', at: at(401), error: 'test mode' })).toBe(true);
      const [one, two] = await f.chases.chases(intake.id);
      expect(one).toMatchObject({ id: first, status: 'sent', sent_at: at(401), missing_items_count: 2, error: null });
      expect(two).toMatchObject({ id: second, status: 'skipped', sent_at: null, error: 'test mode' });
      expect(await claim(f.queue, ids, at(500))).toEqual([]);
    });

    it('settles several chases in one go, only those the worker still holds', async () => {
      const { intake, ids } = await given(
        { scheduled_at: at(900) },
        { scheduled_at: at(900) },
        { scheduled_at: at(900) },
        { scheduled_at: at(900), missing_items_count: 4 },
      );
      const [sent, skipped, stolen, failed] = ids as [string, string, string, string];
      await f.queue.claimDue(at(900), 1000, lease('w1', 910), null);
      // The lease on one of them ran out and another scheduler took it over.
      await f.queue.retryLater(stolen, 'w1', at(900), 'given back');
      await f.otherQueue.claimDue(at(900), 1000, lease('w2', 960), null);
      const settled = await f.queue.settleMany('w1', [
        {
          chaseId: sent,
          outcome: {
            status: 'sent',
            at: at(901),
            provider_message_id: '<m2@x>',
            recipients: ['a@x.example', 'b@x.example'],
            missing_items_count: 1,
          },
        },
        { chaseId: skipped, outcome: { status: 'skipped', at: at(901), error: 'test mode' } },
        { chaseId: stolen, outcome: { status: 'cancelled', at: at(901), error: 'too late' } },
        { chaseId: failed, outcome: { status: 'failed', at: at(901), error: '550 no such user' } },
      ]);
      expect([...settled].sort()).toEqual([sent, skipped, failed].sort());
      const rows = await f.chases.chases(intake.id);
      expect(rows.map((r) => [r.status, r.sent_at, r.error, r.missing_items_count])).toEqual([
        ['sent', at(901), null, 1],
        ['skipped', null, 'test mode', null],
        ['scheduled', null, 'given back', null],
        ['failed', null, '550 no such user', 4],
      ]);
      expect(await f.queue.settleMany('w1', [])).toEqual([]);
      expect(
        await f.otherQueue.settleMany('w2', [
          { chaseId: stolen, outcome: { status: 'cancelled', at: at(902), error: 'x' } },
        ]),
      ).toEqual([stolen]);
    });

    it('gives a chase back for a later try, counting the attempt, and only for its holder', async () => {
      const { intake, ids } = await given({ scheduled_at: at(600) });
      const [id] = ids as [string];
      await f.queue.claimDue(at(600), 1000, lease('w1', 660), null);
      expect(await f.queue.retryLater(id, 'w2', at(605), 'down')).toBe(false);
      expect(await f.queue.retryLater(id, 'w1', at(605), 'SMTP down')).toBe(true);
      expect((await f.chases.chases(intake.id))[0]).toMatchObject({
        status: 'scheduled',
        scheduled_at: at(605),
        error: 'SMTP down',
      });
      expect(await claim(f.queue, ids, at(604))).toEqual([]);
      const [again] = (await f.queue.claimDue(at(605), 1000, lease('w2', 700), null)).filter((c) => c.id === id);
      expect(again).toMatchObject({ id, send_attempts: 1 });
    });

    it('a cancelled chase cannot be settled by the worker that had claimed it', async () => {
      const { intake, ids } = await given({ scheduled_at: at(800), kind: 'reminder' });
      await f.queue.claimDue(at(800), 1000, lease('w1', 860), null);
      await f.chases.cancelScheduledChases(intake.id, ['reminder']);
      const outcome = {
        status: 'sent',
        at: at(801),
        provider_message_id: null,
        recipients: [],
        missing_items_count: 0,
      } as const;
      expect(await f.queue.settle(ids[0] as string, 'w1', outcome)).toBe(false);
      expect(await statuses(intake.id)).toEqual(['cancelled']);
    });
  });
}
