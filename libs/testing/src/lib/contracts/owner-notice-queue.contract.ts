import { type OwnerNotice, type OwnerNoticeQueue } from '@intake/application-chasing';
import { newId } from '@intake/ids';
import { anIntake, at, type IntakeStoresFixture } from './intake-stores.fixture';

/** What a notice row holds besides the notice itself. */
export interface StoredOwnerNotice {
  status: 'pending' | 'sent' | 'failed';
  mail: Record<string, unknown>;
  sent_at: Date | null;
  provider_message_id: string | null;
  send_attempts: number;
  error: string | null;
}

export interface OwnerNoticeQueueFixture extends IntakeStoresFixture {
  queue: OwnerNoticeQueue;
  /** A second handle on the same queue (its own connections where there are any). */
  otherQueue: OwnerNoticeQueue;
  stored(noticeId: string): Promise<StoredOwnerNotice | undefined>;
  /** Deletes an intake, as DELETE /v1/intakes/:id does. */
  deleteIntake(accountId: string, intakeId: string): Promise<void>;
}

const lease = (worker: string, minutes: number) => ({ worker, until: at(minutes) });

/** The behaviour every OwnerNoticeQueue must have, run against each of them. */
export function describeOwnerNoticeQueueContract(name: string, setup: () => Promise<OwnerNoticeQueueFixture>): void {
  describe(`OwnerNoticeQueue contract: ${name}`, () => {
    let f: OwnerNoticeQueueFixture;
    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });

    /** Notices about one intake of a fresh account, queued in one unit of work. */
    async function given(...dues: Date[]) {
      const accountId = await f.createAccount();
      const intake = anIntake(accountId, { mode: 'test' });
      await f.intakes.insert(intake, []);
      const notices: OwnerNotice[] = dues.map((due_at, i) => ({
        id: newId('ownerNotice'),
        account_id: accountId,
        intake_id: intake.id,
        mode: intake.mode,
        recipient: `person${i}@studio.example`,
        mail: {
          kind: 'intake_overdue',
          project_name: 'Website',
          client: { name: 'Jana "J" Nováková', email: 'jana@example.com' },
          due_date: '2026-12-31',
          outstanding_items: ['Logo', 'O nás'],
        },
        due_at,
        created_at: at(0),
      }));
      await f.uow.run(() => f.queue.enqueue(notices));
      return { accountId, intake, notices, ids: notices.map((n) => n.id) };
    }
    const claim = async (queue: OwnerNoticeQueue, ids: string[], now: Date, worker = 'w1', limit = 1000) =>
      (await queue.claimDue(now, limit, { worker, until: new Date(now.getTime() + 3_600_000) }, null))
        .map((n) => n.id)
        .filter((id) => ids.includes(id));

    it('gives due notices back whole, oldest first, with the attempts made so far', async () => {
      const { notices, ids } = await given(at(5), at(1), at(30));
      const claimed = (await f.queue.claimDue(at(10), 1000, lease('w1', 70), null)).filter((n) => ids.includes(n.id));
      expect(claimed).toEqual([
        { ...notices[1], send_attempts: 0 },
        { ...notices[0], send_attempts: 0 },
      ]);
      expect((await f.stored(ids[0] as string))?.status).toBe('pending');
    });

    it('queues nothing when the unit of work rolls back, and nothing for an empty list', async () => {
      const { accountId, intake } = await given();
      await f.uow.run(() => f.queue.enqueue([]));
      const dropped: OwnerNotice = {
        id: newId('ownerNotice'),
        account_id: accountId,
        intake_id: intake.id,
        mode: 'live',
        recipient: 'o@studio.example',
        mail: { kind: 'intake_completed', project_name: 'X', client: { name: null, email: 'c@x.example' } },
        due_at: at(100),
        created_at: at(100),
      };
      await expect(
        f.uow.run(async () => {
          await f.queue.enqueue([dropped]);
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await f.stored(dropped.id)).toBeUndefined();
      expect(await claim(f.queue, [dropped.id], at(10_000))).toEqual([]);
    });

    it('never hands a leased notice to anyone until the lease has run out; two claims at once never overlap', async () => {
      const { ids } = await given(at(200));
      expect(await claim(f.queue, ids, at(200), 'w1', 1000)).toEqual(ids);
      expect(await claim(f.otherQueue, ids, at(205), 'w2')).toEqual([]);
      const lateClaim = await f.otherQueue.claimDue(at(200), 1000, lease('w2', 300), null);
      expect(lateClaim.map((n) => n.id).filter((id) => ids.includes(id))).toEqual([]);

      const many = await given(...Array.from({ length: 30 }, () => at(250)));
      const [a, b] = await Promise.all([
        claim(f.queue, many.ids, at(250), 'w1', 20),
        claim(f.otherQueue, many.ids, at(250), 'w2', 20),
      ]);
      expect(a.filter((id) => b.includes(id))).toEqual([]);
      expect(new Set([...a, ...b]).size).toBe(a.length + b.length);
    });

    it('settles only for the worker holding it, keeping the outcome and dropping what the mail said', async () => {
      const { ids } = await given(at(400), at(400));
      const [sent, failed] = ids as [string, string];
      await f.queue.claimDue(at(400), 1000, lease('w1', 460), null);
      const outcome = { status: 'sent', at: at(401), provider_message_id: '<m1@x>' } as const;
      expect(await f.queue.settle(sent, 'w2', outcome)).toBe(false);
      expect(await f.queue.settle(sent, 'w1', outcome)).toBe(true);
      expect(await f.queue.settle(sent, 'w1', outcome)).toBe(false);
      expect(await f.queue.settle(failed, 'w1', { status: 'failed', at: at(401), error: 'no such user' })).toBe(true);
      expect(await f.stored(sent)).toEqual({
        status: 'sent',
        mail: { kind: 'intake_overdue' },
        sent_at: at(401),
        provider_message_id: '<m1@x>',
        send_attempts: 0,
        error: null,
      });
      expect(await f.stored(failed)).toMatchObject({ status: 'failed', sent_at: null, error: 'no such user' });
      expect(await claim(f.queue, ids, at(10_000))).toEqual([]);
    });

    it('gives a notice back for a later try, counting the attempt, and only for its holder', async () => {
      const { ids } = await given(at(600));
      const [id] = ids as [string];
      await f.queue.claimDue(at(600), 1000, lease('w1', 660), null);
      expect(await f.queue.retryLater(id, 'w2', at(605), 'down')).toBe(false);
      expect(await f.queue.retryLater(id, 'w1', at(605), 'SMTP down')).toBe(true);
      expect(await f.stored(id)).toMatchObject({ status: 'pending', send_attempts: 1, error: 'SMTP down' });
      expect(await claim(f.queue, ids, at(604))).toEqual([]);
      const [again] = (await f.otherQueue.claimDue(at(605), 1000, lease('w2', 700), null)).filter((n) => n.id === id);
      expect(again).toMatchObject({ id, send_attempts: 1, due_at: at(605) });
    });

    it('goes with its intake', async () => {
      const { accountId, intake, ids } = await given(at(800));
      await f.deleteIntake(accountId, intake.id);
      expect(await f.stored(ids[0] as string)).toBeUndefined();
      expect(await claim(f.queue, ids, at(900))).toEqual([]);
    });
  });
}
