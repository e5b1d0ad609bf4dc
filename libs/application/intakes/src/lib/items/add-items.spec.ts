import {
  anotherKey,
  type GivenAccount,
  givenAccount,
  givenIntake,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { type Principal } from '@intake/domain-accounts';
import { AddItems } from './add-items';

const logo = { key: 'logo', type: 'image', label: 'Logo' };
const about = { key: 'about', type: 'longtext', label: 'About you', required: false };
const task = { key: 'task', type: 'text', label: 'Write the copy', assignee: 'owner' };

describe('AddItems', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let addItems: AddItems;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    addItems = context.use(AddItems);
  });

  const add = (intakeId: string, items: unknown[], principal: Principal = given.liveKey) =>
    addItems.execute({ principal, intakeId, items, meta: META });

  it('appends pending items after the existing ones and audits their keys', async () => {
    const { intake } = await givenIntake(context, given, { status: 'draft' });
    const result = await add(intake.id, [logo, about]);
    expect(result.added.map((i) => [i.key, i.position, i.status, i.required])).toEqual([
      ['logo', 1, 'pending', true],
      ['about', 2, 'pending', false],
    ]);
    expect(result.intake).toMatchObject({ status: 'draft', version: 1 });
    expect(storedIntake(context, intake.id).items.map((i) => i.key)).toEqual(['brief', 'logo', 'about']);
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'items.added',
        target_id: intake.id,
        summary: { intake_id: intake.id, keys: ['logo', 'about'] },
      }),
    ]);
    expect(result.clientNotified).toBe(false);
    expect(context.mail.sent).toEqual([]);
    expect(context.db.outbox.messages).toEqual([]);
  });

  /** The items_added chases of an intake: status, item keys, error. */
  const itemsAddedChases = (intakeId: string) =>
    storedIntake(context, intakeId)
      .chases.filter((c) => c.kind === 'items_added')
      .map((c) => [c.status, c.item_keys, c.error]);

  it('queues the mail (a chase of kind items_added due now) naming the new client items, in the transaction', async () => {
    const { intake } = await givenIntake(context, given, {
      also_notify: [{ email: 'eva@client.example', name: null, bounced_at: null }],
    });
    const result = await add(intake.id, [logo, task, about]);
    expect(result.clientNotified).toBe(true);
    const chase = storedIntake(context, intake.id).chases.find((c) => c.kind === 'items_added');
    expect(chase).toMatchObject({
      channel: 'email',
      status: 'scheduled',
      scheduled_at: context.clock.now(),
      attempt_no: 0,
      item_keys: ['logo', 'about'], // the owner's task is not the client's business
    });
    expect(context.mail.sent).toEqual([]); // the scheduler sends it, after the commit
  });

  it('queues nothing when every address bounced (clientNotified false), the items stay', async () => {
    const bouncedAt = new Date('2026-11-01T00:00:00.000Z');
    const { intake: half } = await givenIntake(context, given, {
      client_bounced_at: bouncedAt,
      also_notify: [{ email: 'eva@client.example', name: null, bounced_at: null }],
    });
    expect((await add(half.id, [logo])).clientNotified).toBe(true);
    const { intake: unreachable } = await givenIntake(context, given, { client_bounced_at: bouncedAt });
    expect((await add(unreachable.id, [logo])).clientNotified).toBe(false);
    expect(itemsAddedChases(unreachable.id)).toEqual([]);
    expect(storedIntake(context, unreachable.id).items.map((i) => i.key)).toEqual(['brief', 'logo']);
  });

  it.each(['in_progress', 'completed'] as const)('tells the client of a %s intake too', async (status) => {
    const { intake } = await givenIntake(context, given, { status, items: [{ key: 'brief', status: 'approved' }] });
    expect((await add(intake.id, [logo])).clientNotified).toBe(true);
    expect(itemsAddedChases(intake.id)).toEqual([['scheduled', ['logo'], null]]);
  });

  it('records a test intake’s mail skipped (clientNotified false); nothing for a draft or owner items only', async () => {
    const { intake: test } = await givenIntake(context, given, { by: given.testKey });
    const { intake: draft } = await givenIntake(context, given, { status: 'draft' });
    const { intake: sent } = await givenIntake(context, given);
    expect((await add(test.id, [logo], given.testKey)).clientNotified).toBe(false);
    expect(itemsAddedChases(test.id)).toEqual([['skipped', ['logo'], 'test mode: nothing is sent to the client']]);
    expect((await add(draft.id, [logo])).clientNotified).toBe(false);
    expect((await add(sent.id, [task])).clientNotified).toBe(false);
    expect([...itemsAddedChases(draft.id), ...itemsAddedChases(sent.id)]).toEqual([]);
  });

  it('reopens a completed intake when a required client item is added, and not for an optional or owner one', async () => {
    const { intake } = await givenIntake(context, given, {
      status: 'completed',
      items: [{ key: 'brief', status: 'approved' }],
    });
    await add(intake.id, [about, task]);
    expect(storedIntake(context, intake.id).intake).toMatchObject({ status: 'completed' });
    const result = await add(intake.id, [logo]);
    expect(result.intake).toMatchObject({ status: 'in_progress', completed_at: null });
    expect(context.db.outbox.messages).toEqual([]);
  });

  it('is 422 on items[i].key for a key the intake already has, writing and sending nothing', async () => {
    const { intake } = await givenIntake(context, given);
    const before = writtenState(context);
    await expect(add(intake.id, [logo, { key: 'brief', type: 'text', label: 'Again' }])).rejects.toMatchObject({
      code: 'unprocessable',
      reason: 'validation_failed',
      details: [{ path: 'items[1].key', message: 'is already an item of this intake' }],
    });
    expect(writtenState(context)).toEqual(before);
  });

  it('is 422 with every broken definition rule before looking at the intake', async () => {
    const { intake } = await givenIntake(context, given, { status: 'archived' });
    const before = writtenState(context);
    await expect(
      add(intake.id, [
        { key: 'x', type: 'nope', label: 'X' },
        { key: 'y', type: 'text' },
      ]),
    ).rejects.toMatchObject({
      code: 'unprocessable',
      details: [
        { path: 'items[0].type', message: expect.any(String) },
        { path: 'items[1].label', message: 'is required' },
      ],
    });
    await expect(add(intake.id, [])).rejects.toMatchObject({
      details: [{ path: 'items', message: 'must contain at least one item' }],
    });
    expect(writtenState(context)).toEqual(before);
  });

  it('is 409 intake_archived for an archived intake, 404 for one the caller may not see', async () => {
    const { intake: archived } = await givenIntake(context, given, { status: 'archived' });
    const { intake: test } = await givenIntake(context, given, { by: given.testKey });
    const before = writtenState(context);
    await expect(add(archived.id, [logo])).rejects.toMatchObject({ code: 'conflict', reason: 'intake_archived' });
    await expect(add(test.id, [logo], anotherKey(given, 'test'))).rejects.toMatchObject({ code: 'not_found' });
    expect(writtenState(context)).toEqual(before);
  });
});
