import {
  anotherKey,
  type GivenAccount,
  givenAccount,
  givenConcurrentChange,
  givenIntake,
  givenMember,
  givenStoredFile,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { approveItem, archive, send } from '@intake/domain-intake';
import { intakeState, newItemRecord } from '../model/intake-state';
import { type IntakeChange, IntakeWriter } from './intake-writer';

/** A change that approves the submitted item `brief`. */
const approving = (extra: Partial<IntakeChange> = {}): IntakeChange => ({
  action: 'item.approved',
  summary: { item_key: 'brief' },
  decide: (intake, items, now) => approveItem(intakeState(intake, items), 'brief', now),
  ...extra,
});

describe('IntakeWriter', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let writer: IntakeWriter;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    writer = context.use(IntakeWriter);
  });

  describe('change', () => {
    it('saves the decision under a new version, with the audit entry and the events in one unit of work', async () => {
      const { intake } = await givenIntake(context, given, {
        status: 'in_progress',
        items: [{ key: 'brief', status: 'submitted', value: 'Hello' }],
      });
      await givenStoredFile(context, intake, 'brief');
      context.clock.advance(60);

      const changed = await writer.change(
        { by: 'owner', principal: given.liveKey, intakeId: intake.id },
        META,
        approving(),
      );

      const stored = storedIntake(context, intake.id);
      expect(stored.intake.version).toBe(1);
      expect(changed.intake.version).toBe(1);
      expect(stored.item('brief')).toMatchObject({ status: 'approved', approved_at: context.clock.now() });
      expect(changed.items.map((i) => [i.key, i.status])).toEqual([['brief', 'approved']]);
      expect(changed.files.map((f) => f.item_key)).toEqual(['brief']);
      expect(changed.events).toEqual([{ type: 'item.approved', item_key: 'brief' }]);
      expect(context.db.auditLog.entries).toEqual([
        expect.objectContaining({
          account_id: given.account.id,
          action: 'item.approved',
          actor_type: 'api_key',
          actor_id: given.liveKey.keyId,
          actor_mode: 'live',
          target_id: intake.id,
          ip: META.ip,
          request_id: META.requestId,
          summary: { intake_id: intake.id, item_key: 'brief' },
        }),
      ]);
    });

    it('puts webhook events into the outbox with the account and mode of the intake', async () => {
      const { intake } = await givenIntake(context, given, { status: 'completed', by: given.testKey });
      await writer.change({ by: 'owner', principal: given.testKey, intakeId: intake.id }, META, {
        action: 'intake.archived',
        decide: (record, items) => archive(intakeState(record, items)),
      });
      expect(context.db.outbox.messages).toEqual([
        {
          id: expect.any(Number),
          topic: 'webhook',
          created_at: context.clock.now(),
          published_at: null,
          payload: {
            account_id: given.account.id,
            mode: 'test',
            payload: expect.objectContaining({ event: 'intake.archived', intake_id: intake.id }),
          },
        },
      ]);
    });

    it('names the audit target and merges the summary as the change says', async () => {
      const { intake } = await givenIntake(context, given, { items: [{ key: 'brief', status: 'submitted' }] });
      await writer.change(
        { by: 'owner', principal: given.owner, intakeId: intake.id },
        META,
        approving({ target: 'brief', summary: { note: 'ok' } }),
      );
      expect(context.db.auditLog.entries[0]).toMatchObject({
        actor_type: 'user',
        actor_id: given.owner.userId,
        actor_mode: null,
        target_id: 'brief',
        summary: { intake_id: intake.id, note: 'ok' },
      });
    });

    it('lets a team member change the intakes of the account', async () => {
      const member = await givenMember(context, given);
      const { intake } = await givenIntake(context, given, { items: [{ key: 'brief', status: 'submitted' }] });
      await writer.change({ by: 'owner', principal: member, intakeId: intake.id }, META, approving());
      expect(context.db.auditLog.entries[0]).toMatchObject({ actor_type: 'user', actor_id: member.userId });
    });

    it('is 404 for an intake the caller may not see, without deciding anything', async () => {
      const other = await givenAccount(context);
      const { intake: foreign } = await givenIntake(context, other);
      const { intake: test } = await givenIntake(context, given, { by: given.testKey });
      const { intake: live } = await givenIntake(context, given);
      const decide = jest.fn();
      const before = writtenState(context);
      const attempts: Array<[typeof given.liveKey | typeof given.owner, string]> = [
        [given.liveKey, 'in_missing'],
        [given.liveKey, foreign.id],
        [given.liveKey, test.id],
        [anotherKey(given, 'test'), test.id],
        [given.testKey, live.id],
      ];
      for (const [principal, intakeId] of attempts) {
        await expect(
          writer.change({ by: 'owner', principal, intakeId }, META, { action: 'x', decide }),
        ).rejects.toMatchObject({ code: 'not_found', message: 'Intake was not found.' });
      }
      expect(decide).not.toHaveBeenCalled();
      expect(writtenState(context)).toEqual(before);
    });

    it('lets a session change intakes of both modes', async () => {
      const { intake } = await givenIntake(context, given, {
        by: given.testKey,
        items: [{ key: 'brief', status: 'submitted' }],
      });
      await writer.change({ by: 'owner', principal: given.owner, intakeId: intake.id }, META, approving());
      expect(storedIntake(context, intake.id).item('brief').status).toBe('approved');
    });

    it('refuses every change of an archived intake with 409 intake_archived before deciding', async () => {
      const { intake } = await givenIntake(context, given, { status: 'archived' });
      const decide = jest.fn();
      const before = writtenState(context);
      await expect(
        writer.change({ by: 'owner', principal: given.liveKey, intakeId: intake.id }, META, { action: 'x', decide }),
      ).rejects.toMatchObject({ code: 'conflict', reason: 'intake_archived' });
      expect(decide).not.toHaveBeenCalled();
      expect(writtenState(context)).toEqual(before);
    });

    it('is 409 concurrent_change when the intake changed after it was read, writing nothing', async () => {
      const { intake } = await givenIntake(context, given, { items: [{ key: 'brief', status: 'submitted' }] });
      const after = jest.fn();
      givenConcurrentChange(context);
      const before = writtenState(context);
      await expect(
        writer.change({ by: 'owner', principal: given.liveKey, intakeId: intake.id }, META, approving({ after })),
      ).rejects.toMatchObject({ code: 'conflict', reason: 'concurrent_change' });
      expect(after).not.toHaveBeenCalled();
      expect(writtenState(context)).toEqual(before);
    });

    it('undoes the whole change, its follow-up included, when the follow-up fails', async () => {
      const { intake } = await givenIntake(context, given, { status: 'draft' });
      const before = writtenState(context);
      await expect(
        writer.change({ by: 'owner', principal: given.liveKey, intakeId: intake.id }, META, {
          action: 'intake.sent',
          decide: (record, items, now) => send(intakeState(record, items), now),
          after: async (record, now) => {
            await context.chases.insertChase({
              id: 'chs_1',
              intake_id: record.id,
              channel: 'email',
              kind: 'invite',
              status: 'scheduled',
              scheduled_at: now,
              sent_at: null,
              attempt_no: 0,
              missing_items_count: null,
              error: null,
              created_at: now,
            });
            throw new Error('mail queue down');
          },
        }),
      ).rejects.toThrow('mail queue down');
      expect(writtenState(context)).toEqual(before);
    });

    it('undoes nothing of a refused decision because nothing was written', async () => {
      const { intake } = await givenIntake(context, given);
      const before = writtenState(context);
      await expect(
        writer.change({ by: 'owner', principal: given.liveKey, intakeId: intake.id }, META, approving()),
      ).rejects.toMatchObject({ code: 'conflict', reason: 'item_not_submitted' });
      expect(writtenState(context)).toEqual(before);
    });

    it('finds a client by the portal link, never a draft, and audits them as the client', async () => {
      const { intake } = await givenIntake(context, given, { items: [{ key: 'brief', status: 'submitted' }] });
      const { intake: draft } = await givenIntake(context, given, { status: 'draft' });
      await expect(
        writer.change({ by: 'client', slug: draft.slug }, META, { action: 'x', decide: jest.fn() }),
      ).rejects.toMatchObject({ code: 'not_found' });
      await writer.change({ by: 'client', slug: intake.slug }, META, approving());
      expect(context.db.auditLog.entries).toEqual([
        expect.objectContaining({ actor_type: 'client', actor_id: null, actor_mode: null, target_id: intake.id }),
      ]);
    });

    it('lets the service act on any intake of the account, whatever its mode, as the system', async () => {
      const { intake } = await givenIntake(context, given, {
        by: given.testKey,
        items: [{ key: 'brief', status: 'submitted' }],
      });
      const other = await givenAccount(context);
      await expect(
        writer.change({ by: 'system', accountId: other.account.id, intakeId: intake.id }, META, approving()),
      ).rejects.toMatchObject({ code: 'not_found' });
      await writer.change({ by: 'system', accountId: given.account.id, intakeId: intake.id }, META, approving());
      expect(context.db.auditLog.entries).toEqual([
        expect.objectContaining({ actor_type: 'system', actor_id: null, actor_mode: null }),
      ]);
    });
  });

  describe('changeItem', () => {
    it('runs an item transition and audits the item key with the extra summary', async () => {
      const { intake } = await givenIntake(context, given, { items: [{ key: 'brief', status: 'submitted' }] });
      await writer.changeItem(
        { principal: given.liveKey, intakeId: intake.id, key: 'brief', meta: META },
        'item.approved',
        (state, now) => approveItem(state, 'brief', now),
        { note: 'Thanks' },
      );
      expect(storedIntake(context, intake.id).item('brief').status).toBe('approved');
      expect(context.db.auditLog.entries[0]).toMatchObject({
        action: 'item.approved',
        target_id: intake.id,
        summary: { intake_id: intake.id, item_key: 'brief', note: 'Thanks' },
      });
    });
  });

  describe('insert', () => {
    it('stores the intake and its items, audits intake.created and emits only webhook events', async () => {
      const { intake: template } = await givenIntake(context, given);
      context.db.deleteIntake(template.id);
      const intake = { ...template, id: 'in_new', slug: 'new-slug', status: 'completed' as const };
      const items = [
        newItemRecord(
          intake.id,
          {
            key: 'logo',
            type: 'image',
            label: 'Logo',
            help: null,
            required: true,
            assignee: 'client',
            constraints: {},
            schema: null,
            options: null,
            pattern: null,
            proposed: null,
          },
          0,
        ),
      ];
      await context.db.uow.run(() =>
        writer.insert(
          intake,
          items,
          [{ type: 'intake.sent' }, { type: 'intake.completed' }],
          given.owner,
          META,
          context.clock.now(),
        ),
      );
      const stored = storedIntake(context, 'in_new');
      expect(stored.intake).toEqual(intake);
      expect(stored.items).toEqual(items);
      expect(context.db.auditLog.entries).toEqual([
        expect.objectContaining({
          action: 'intake.created',
          actor_type: 'user',
          target_id: 'in_new',
          summary: { status: 'completed', items: 1, mode: 'live' },
        }),
      ]);
      expect(context.webhooks().map((p) => p['event'])).toEqual(['intake.completed']);
    });
  });
});
