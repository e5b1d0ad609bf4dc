import { ApproveItem, ArchiveIntake, WaiveItem } from '@intake/application-intakes';
import { type GivenPortal, givenPortal, InMemoryContext, META, storedItem, storedState } from '@intake/testing';
import { ProposeWaiver } from './propose-waiver';
import { SubmitItemValue } from './submit-item-value';

describe('ProposeWaiver', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let propose: ProposeWaiver;

  const proposeOn = (key: string, reason = 'We have no logo yet.', slug = portal.slug) =>
    propose.execute({ slug, key, reason, meta: META });
  const refused = async (call: () => Promise<unknown>, expected: Record<string, unknown>) => {
    const before = storedState(context);
    await expect(call()).rejects.toMatchObject(expected);
    expect(storedState(context)).toEqual(before);
  };
  const owner = (key: string) => ({ principal: portal.owner, intakeId: portal.intakeId, key, meta: META });

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    propose = context.use(ProposeWaiver);
  });

  it('records the proposal for the owner to decide; the item stays as it was', async () => {
    const view = await proposeOn('logo');
    const waiver = {
      state: 'pending',
      reason: 'We have no logo yet.',
      requested_by: 'client',
      requested_at: context.clock.now(),
      decided_at: null,
    };
    expect(view.items.find((i) => i.key === 'logo')).toMatchObject({ status: 'pending', waiver });
    expect(await storedItem(context, portal.intakeId, 'logo')).toMatchObject({ status: 'pending', waiver });
    expect(view.intake.status).toBe('sent');
  });

  it('audits item.waiver_proposed as the client, without a webhook', async () => {
    await proposeOn('logo');
    expect(context.auditActions()).toEqual(['intake.created', 'item.waiver_proposed']);
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      actor_type: 'client',
      summary: { intake_id: portal.intakeId, item_key: 'logo' },
    });
    expect(context.webhooks()).toEqual([]);
  });

  it('proposes again with a new reason, and for a submitted item', async () => {
    await context.use(SubmitItemValue).execute({ slug: portal.slug, key: 'tagline', value: 'Hi', meta: META });
    await proposeOn('tagline', 'first');
    context.clock.advance(60);
    await proposeOn('tagline', 'second');
    expect((await storedItem(context, portal.intakeId, 'tagline')).waiver).toMatchObject({
      state: 'pending',
      reason: 'second',
      requested_at: context.clock.now(),
    });
  });

  it('lets the owner accept it: the item is waived', async () => {
    await proposeOn('logo');
    await context.use(WaiveItem).execute({ ...owner('logo'), reason: null });
    expect(await storedItem(context, portal.intakeId, 'logo')).toMatchObject({
      status: 'waived',
      waiver: { state: 'accepted', reason: 'We have no logo yet.', requested_by: 'client' },
    });
  });

  describe('refuses, writing nothing', () => {
    it('an approved item: 409 item_approved', async () => {
      await context.use(SubmitItemValue).execute({ slug: portal.slug, key: 'tagline', value: 'Hi', meta: META });
      await context.use(ApproveItem).execute({ ...owner('tagline'), note: null });
      await refused(() => proposeOn('tagline'), { code: 'conflict', reason: 'item_approved' });
    });

    it('a waived item: 409 item_waived', async () => {
      await context.use(WaiveItem).execute({ ...owner('logo'), reason: null });
      await refused(() => proposeOn('logo'), { code: 'conflict', reason: 'item_waived' });
    });

    it.each(['kickoff', 'nope'])('the item %s the client does not have: 404 item_not_found', async (key) => {
      await refused(() => proposeOn(key), { code: 'not_found', reason: 'item_not_found' });
    });

    it('an archived intake: 409 intake_archived', async () => {
      await context.use(ArchiveIntake).execute({ principal: portal.owner, intakeId: portal.intakeId, meta: META });
      await refused(() => proposeOn('logo'), { code: 'conflict', reason: 'intake_archived' });
    });

    it.each([
      ['a malformed link', async () => 'x'],
      ['an unknown link', async () => 'J'.repeat(22)],
      ['a draft', async () => (await givenPortal(context, { send: false })).slug],
    ])('%s: the portal 404', async (_what, slug) => {
      const link = await slug();
      await refused(() => proposeOn('logo', 'r', link), { code: 'not_found', reason: undefined });
    });
  });
});
