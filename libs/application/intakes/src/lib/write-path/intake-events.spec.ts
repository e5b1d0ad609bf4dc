import { type GivenAccount, givenAccount, givenIntake, InMemoryContext } from '@intake/testing';
import { type IntakeEvent, type IntakeRecord, type ItemRecord } from '@intake/domain-intake';
import { FILE_TYPES } from '@intake/domain-items';
import { FILE_COUNT_ITEM_TYPES } from '@intake/domain-webhooks';
import { IntakeEvents } from './intake-events';

describe('IntakeEvents', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let events: IntakeEvents;
  let intake: IntakeRecord;
  let items: ItemRecord[];
  const timestamp = Math.floor(Date.parse('2026-11-23T09:00:00.000Z') / 1000);

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    events = context.use(IntakeEvents);
    ({ intake, items } = await givenIntake(context, given, {
      items: [
        { key: 'about', type: 'longtext', label: 'About you' },
        { key: 'photos', type: 'file_list', label: 'Photos' },
      ],
    }));
  });

  it('turns intake.completed and intake.archived into their webhook payloads, with Unix-seconds timestamps', async () => {
    await events.emit(intake, [{ type: 'intake.completed' }, { type: 'intake.archived' }], context.clock.now());
    expect(context.db.outbox.messages.map((m) => m.topic)).toEqual(['webhook', 'webhook']);
    expect(context.db.outbox.payloads('webhook')).toEqual([
      {
        account_id: given.account.id,
        mode: 'live',
        payload: { event: 'intake.completed', intake_id: intake.id, project_name: 'New website', timestamp },
      },
      {
        account_id: given.account.id,
        mode: 'live',
        payload: { event: 'intake.archived', intake_id: intake.id, project_name: 'New website', timestamp },
      },
    ]);
  });

  it('describes a submitted item by label and type, with file_count for file items only, never the client’s e-mail', async () => {
    await events.emit(
      intake,
      [
        { type: 'item.submitted', item_key: 'about' },
        { type: 'item.submitted', item_key: 'photos', file_count: 3 },
        { type: 'item.submitted', item_key: 'photos' },
      ],
      context.clock.now(),
      items,
    );
    expect(context.webhooks()).toEqual([
      {
        event: 'item.submitted',
        intake_id: intake.id,
        project_name: 'New website',
        item_key: 'about',
        item_label: 'About you',
        item_type: 'longtext',
        timestamp,
      },
      expect.objectContaining({ item_key: 'photos', item_type: 'file_list', file_count: 3 }),
      expect.objectContaining({ item_key: 'photos', file_count: 0 }),
    ]);
    expect(JSON.stringify(context.webhooks())).not.toContain(intake.client_email);
  });

  it('counts files for exactly the item types the items context calls file types', () => {
    expect([...FILE_COUNT_ITEM_TYPES].sort()).toEqual([...FILE_TYPES].sort());
  });

  it('leaves the label and type null when the item is not among those given', async () => {
    await events.emit(intake, [{ type: 'item.submitted', item_key: 'about' }], context.clock.now());
    expect(context.webhooks()).toEqual([expect.objectContaining({ item_label: null, item_type: null })]);
    expect(context.webhooks()[0]).not.toHaveProperty('file_count');
  });

  it('keeps the state machines’ other events out of the webhooks', async () => {
    const internal: IntakeEvent[] = [
      { type: 'intake.sent' },
      { type: 'intake.reopened' },
      { type: 'item.approved', item_key: 'about' },
      { type: 'item.revision_requested', item_key: 'about', note: 'x' },
      { type: 'item.waived', item_key: 'about' },
      { type: 'item.waiver_proposed', item_key: 'about' },
      { type: 'item.waiver_rejected', item_key: 'about' },
      { type: 'item.unwaived', item_key: 'about' },
      { type: 'item.received_outside', item_key: 'about' },
      { type: 'item.received_outside_undone', item_key: 'about' },
      { type: 'item.done', item_key: 'about', done: true },
      { type: 'item.decided', item_key: 'about' },
    ];
    await events.emit(intake, internal, context.clock.now(), items);
    expect(context.db.outbox.messages).toEqual([]);
  });

  it('turns intake.overdue into its payload: due date and the outstanding items', async () => {
    await events.emit(
      intake,
      [{ type: 'intake.overdue', due_date: '2026-11-20', outstanding_items: ['about'] }],
      context.clock.now(),
      items,
    );
    expect(context.webhooks()).toEqual([
      {
        event: 'intake.overdue',
        intake_id: intake.id,
        project_name: 'New website',
        due_date: '2026-11-20',
        outstanding_items: ['about'],
        timestamp,
      },
    ]);
  });

  it('queues the owner’s e-mail on completion, a stall and an overdue intake, and on nothing else', async () => {
    const all: IntakeEvent[] = [
      { type: 'intake.sent' },
      { type: 'intake.completed' },
      { type: 'intake.stalled', missing_items: ['photos'] },
      { type: 'intake.overdue', due_date: '2026-11-20', outstanding_items: ['about'] },
      { type: 'intake.archived' },
      { type: 'item.submitted', item_key: 'about' },
    ];
    await events.emit(intake, all, context.clock.now(), items);
    expect(context.ownerNotices.rows.map((n) => n.mail)).toEqual([
      expect.objectContaining({ kind: 'intake_completed' }),
      expect.objectContaining({ kind: 'intake_stalled', missing_items: ['Photos'] }),
      expect.objectContaining({ kind: 'intake_overdue', outstanding_items: ['About you'] }),
    ]);
  });

  it('sends client.viewed with the slug and no timestamp, in the intake’s mode', async () => {
    const { intake: test } = await givenIntake(context, given, { by: given.testKey });
    await events.clientViewed(test, context.clock.now());
    expect(context.db.outbox.payloads('webhook')).toEqual([
      {
        account_id: given.account.id,
        mode: 'test',
        payload: { event: 'client.viewed', intake_id: test.id, slug: test.slug, project_name: 'New website' },
      },
    ]);
  });

  it('leaves nothing in the outbox when the unit of work it joined fails', async () => {
    await expect(
      context.db.uow.run(async () => {
        await events.emit(intake, [{ type: 'intake.completed' }], context.clock.now());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(context.db.outbox.messages).toEqual([]);
    expect(context.ownerNotices.rows).toEqual([]);
  });
});
