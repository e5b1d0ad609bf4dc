import { ApproveItem, ArchiveIntake } from '@intake/application-intakes';
import { type GivenPortal, givenPortal, InMemoryContext, META, storedItem, storedState } from '@intake/testing';
import { SetItemNote } from './set-item-note';
import { SubmitItemValue } from './submit-item-value';

describe('SetItemNote', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let setNote: SetItemNote;

  const noteOn = (key: string, note: string | null, slug = portal.slug) =>
    setNote.execute({ slug, key, note, meta: META });
  const refused = async (call: () => Promise<unknown>, expected: Record<string, unknown>) => {
    const before = storedState(context);
    await expect(call()).rejects.toMatchObject(expected);
    expect(storedState(context)).toEqual(before);
  };

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    setNote = context.use(SetItemNote);
  });

  it("keeps the client's note on the item, changing nothing else", async () => {
    const before = await storedItem(context, portal.intakeId, 'logo');
    const view = await noteOn('logo', 'The vector version follows next week.');
    expect(view.items.find((i) => i.key === 'logo')?.client_note).toBe('The vector version follows next week.');
    expect(await storedItem(context, portal.intakeId, 'logo')).toEqual({
      ...before,
      client_note: 'The vector version follows next week.',
    });
    expect(view.intake).toMatchObject({ status: 'sent', version: 1 });
  });

  it('clears the note with null', async () => {
    await noteOn('logo', 'first');
    await noteOn('logo', null);
    expect((await storedItem(context, portal.intakeId, 'logo')).client_note).toBeNull();
  });

  it('audits item.client_note as the client, without a webhook', async () => {
    await noteOn('tagline', 'Ask my partner');
    expect(context.auditActions()).toEqual(['intake.created', 'item.client_note']);
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      actor_type: 'client',
      summary: { intake_id: portal.intakeId, item_key: 'tagline' },
    });
    expect(context.webhooks()).toEqual([]);
  });

  it('notes an item whatever its status, even approved', async () => {
    await context.use(SubmitItemValue).execute({ slug: portal.slug, key: 'tagline', value: 'Hi', meta: META });
    const command = { principal: portal.owner, intakeId: portal.intakeId, key: 'tagline', note: null, meta: META };
    await context.use(ApproveItem).execute(command);
    await noteOn('tagline', 'Thanks!');
    expect(await storedItem(context, portal.intakeId, 'tagline')).toMatchObject({
      status: 'approved',
      client_note: 'Thanks!',
    });
  });

  describe('refuses, writing nothing', () => {
    it.each(['kickoff', 'nope'])('the item %s the client does not have: 404 item_not_found', async (key) => {
      await refused(() => noteOn(key, 'x'), { code: 'not_found', reason: 'item_not_found' });
    });

    it('an archived intake: 409 intake_archived', async () => {
      await context.use(ArchiveIntake).execute({ principal: portal.owner, intakeId: portal.intakeId, meta: META });
      await refused(() => noteOn('logo', 'x'), { code: 'conflict', reason: 'intake_archived' });
    });

    it.each([
      ['a malformed link', async () => 'x'],
      ['an unknown link', async () => 'H'.repeat(22)],
      ['a draft', async () => (await givenPortal(context, { send: false })).slug],
    ])('%s: the portal 404', async (_what, slug) => {
      const link = await slug();
      await refused(() => noteOn('logo', 'x', link), { code: 'not_found', reason: undefined });
    });
  });
});
