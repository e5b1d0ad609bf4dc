import {
  type GivenAccount,
  givenAccount,
  givenIntake,
  givenMember,
  InMemoryContext,
  META,
  storedIntake,
} from '@intake/testing';
import { UpdateIntake } from '../intakes/update-intake';
import { MarkReceivedOutside } from '../items/mark-received-outside';
import { UndoReceivedOutside } from '../items/undo-received-outside';
import { OVERDUE_BATCH, SweepOverdueIntakes } from './overdue-sweep';

/** 2027-03-28 is the day Prague springs forward: it ends at 24:00 CEST, 22:00 UTC. */
const DUE = '2027-03-28';
const END_IN_PRAGUE = new Date('2027-03-28T22:00:00.000Z');

describe('SweepOverdueIntakes', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let sweep: SweepOverdueIntakes;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context, { plan: 'studio' });
    sweep = context.use(SweepOverdueIntakes);
  });

  const runAt = (at: Date | string) => {
    context.clock.set(new Date(at));
    return sweep.run(context.clock.now());
  };
  const overdueEvents = () => context.webhooks().filter((w) => w['event'] === 'intake.overdue');
  const overdueIntake = (overrides: Parameters<typeof givenIntake>[2] = {}) =>
    givenIntake(context, given, {
      due_date: DUE,
      items: [
        { key: 'logo', label: 'Logo' },
        { key: 'about', label: 'About us', status: 'needs_revision' },
        { key: 'photos', label: 'Photos', status: 'submitted' },
        { key: 'extra', label: 'Extras', required: false },
        { key: 'legal', label: 'Legal', status: 'waived' },
      ],
      ...overrides,
    });

  it('fires intake.overdue at the end of the due day in the client’s zone (across the DST change), once', async () => {
    const { intake } = await overdueIntake();
    expect(intake.overdue_at).toEqual(END_IN_PRAGUE);
    expect(await runAt(new Date(END_IN_PRAGUE.getTime() - 1))).toBe(0);
    expect(overdueEvents()).toEqual([]);

    expect(await runAt(END_IN_PRAGUE)).toBe(1);
    expect(context.db.outbox.payloads('webhook')).toEqual([
      {
        account_id: given.account.id,
        mode: 'live',
        payload: {
          event: 'intake.overdue',
          intake_id: intake.id,
          project_name: 'New website',
          due_date: DUE,
          outstanding_items: ['logo', 'about'],
          timestamp: END_IN_PRAGUE.getTime() / 1000,
        },
      },
    ]);
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'intake.overdue',
        actor_type: 'system',
        target_id: intake.id,
        summary: { due_date: DUE, outstanding_items: ['logo', 'about'] },
      }),
    ]);

    expect(await runAt('2027-03-29T08:00:00Z')).toBe(0);
    expect(await runAt('2027-06-01T08:00:00Z')).toBe(0);
    expect(overdueEvents()).toHaveLength(1);
  });

  it('reads the due day in the client’s own zone: New York’s ends five hours after UTC midnight in winter', async () => {
    const { intake } = await overdueIntake({ due_date: '2027-01-15', client_timezone: 'America/New_York' });
    expect(await runAt('2027-01-16T04:59:59.999Z')).toBe(0);
    expect(await runAt('2027-01-16T05:00:00.000Z')).toBe(1);
    expect(overdueEvents()[0]).toMatchObject({ intake_id: intake.id, due_date: '2027-01-15' });
  });

  it('queues the owner’s e-mail when the account wants it, and fires the event whatever the setting', async () => {
    const { intake } = await overdueIntake();
    await runAt(END_IN_PRAGUE);
    expect(context.ownerNotices.rows).toEqual([
      expect.objectContaining({
        intake_id: intake.id,
        recipient: expect.stringContaining('@example.com'),
        mail: {
          kind: 'intake_overdue',
          project_name: 'New website',
          client: { name: 'Jan', email: 'jan@client.example' },
          due_date: DUE,
          outstanding_items: ['Logo', 'About us'],
        },
      }),
    ]);

    const quiet = await givenAccount(context, { notify_on_overdue: false, notify_members: true });
    await givenMember(context, quiet);
    const { intake: other } = await givenIntake(context, quiet, { due_date: DUE });
    expect(await runAt('2027-03-29T00:00:00Z')).toBe(1);
    expect(overdueEvents().map((e) => e['intake_id'])).toEqual([intake.id, other.id]);
    expect(context.ownerNotices.rows.filter((n) => n.intake_id === other.id)).toEqual([]);
  });

  it('runs a test intake the same way; its event carries mode test', async () => {
    const { intake } = await overdueIntake({ by: given.testKey });
    expect(await runAt(END_IN_PRAGUE)).toBe(1);
    expect(context.db.outbox.payloads('webhook')).toEqual([
      expect.objectContaining({ mode: 'test', payload: expect.objectContaining({ intake_id: intake.id }) }),
    ]);
    expect(context.ownerNotices.rows).toEqual([expect.objectContaining({ intake_id: intake.id, mode: 'test' })]);
  });

  it.each([
    ['a draft', { status: 'draft' as const }],
    ['a completed intake', { status: 'completed' as const }],
    ['an archived intake', { status: 'archived' as const }],
    ['an intake without a due date', { due_date: null }],
    [
      'an intake whose only open items are optional, waived or the owner’s',
      {
        items: [
          { key: 'extra', required: false },
          { key: 'legal', status: 'waived' as const },
          { key: 'task', assignee: 'owner' as const },
          { key: 'done', status: 'approved' as const },
        ],
      },
    ],
  ])('leaves %s alone', async (_what, overrides) => {
    await overdueIntake(overrides);
    expect(await runAt('2027-04-30T00:00:00Z')).toBe(0);
    expect(overdueEvents()).toEqual([]);
    expect(context.auditActions()).toEqual([]);
  });

  it('follows a due date moved by PATCH before it passed, and never fires again once it has', async () => {
    const { intake } = await overdueIntake();
    const update = context.use(UpdateIntake);
    await update.execute({
      principal: given.owner,
      intakeId: intake.id,
      patch: { due_date: '2027-04-10' },
      meta: META,
    });
    expect(storedIntake(context, intake.id).intake.overdue_at).toEqual(new Date('2027-04-10T22:00:00Z'));
    expect(await runAt('2027-04-10T21:59:00Z')).toBe(0);
    expect(await runAt('2027-04-10T22:00:00Z')).toBe(1);

    context.clock.set(new Date('2027-04-11T08:00:00Z'));
    await update.execute({
      principal: given.owner,
      intakeId: intake.id,
      patch: { due_date: '2027-04-20' },
      meta: META,
    });
    expect(await runAt('2027-05-01T00:00:00Z')).toBe(0);
    expect(overdueEvents()).toHaveLength(1);
  });

  it('fires for an intake that was complete when its due date passed and was reopened afterwards', async () => {
    const { intake } = await overdueIntake({ items: [{ key: 'logo' }] });
    await context
      .use(MarkReceivedOutside)
      .execute({ principal: given.owner, intakeId: intake.id, key: 'logo', note: null, meta: META });
    expect(await runAt('2027-04-02T00:00:00Z')).toBe(0);
    await context
      .use(UndoReceivedOutside)
      .execute({ principal: given.owner, intakeId: intake.id, key: 'logo', meta: META });
    expect(await runAt('2027-04-02T00:01:00Z')).toBe(1);
    expect(overdueEvents()).toEqual([expect.objectContaining({ intake_id: intake.id, outstanding_items: ['logo'] })]);
  });

  it('handles every overdue intake, batch after batch', async () => {
    for (let i = 0; i < OVERDUE_BATCH + 7; i += 1) await overdueIntake({ items: [{ key: 'logo' }] });
    expect(await runAt(END_IN_PRAGUE)).toBe(OVERDUE_BATCH + 7);
    expect(await runAt(END_IN_PRAGUE)).toBe(0);
  });

  it('does not let one broken intake hold the others up, and tries it again on the next run', async () => {
    const { intake: broken } = await overdueIntake();
    const { intake: fine } = await overdueIntake();
    const items = context.intakes.items.bind(context.intakes);
    context.intakes.items = async (intakeId) => {
      if (intakeId === broken.id) throw new Error('disk on fire');
      return items(intakeId);
    };
    await expect(runAt(END_IN_PRAGUE)).rejects.toThrow('disk on fire');
    expect(overdueEvents().map((e) => e['intake_id'])).toEqual([fine.id]);

    context.intakes.items = items;
    expect(await runAt(END_IN_PRAGUE)).toBe(1);
    expect(overdueEvents().map((e) => e['intake_id'])).toEqual([fine.id, broken.id]);
  });
});
