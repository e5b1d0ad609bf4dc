import { ApproveItem, ArchiveIntake, RequestRevision, UpdateItem, WaiveItem } from '@intake/application-intakes';
import { type GivenPortal, givenPortal, InMemoryContext, META, storedItem, storedState } from '@intake/testing';
import { ProposeWaiver } from './propose-waiver';
import { SubmitItemValue } from './submit-item-value';

describe('SubmitItemValue', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let submit: SubmitItemValue;

  const submitValue = (key: string, value: unknown, slug = portal.slug) =>
    submit.execute({ slug, key, value, meta: META });
  const refused = async (call: () => Promise<unknown>, expected: Record<string, unknown>) => {
    const before = storedState(context);
    await expect(call()).rejects.toMatchObject(expected);
    expect(storedState(context)).toEqual(before);
  };
  const owner = (key: string) => ({ principal: portal.owner, intakeId: portal.intakeId, key, meta: META });

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    submit = context.use(SubmitItemValue);
  });

  it('stores the answer and submits the item; the intake is in progress', async () => {
    const view = await submitValue('tagline', 'We bake sourdough.');
    expect(view.intake).toMatchObject({ status: 'in_progress', version: 1 });
    expect(view.items.find((i) => i.key === 'tagline')).toMatchObject({
      status: 'submitted',
      value: 'We bake sourdough.',
      submitted_at: context.clock.now(),
    });
    expect(await storedItem(context, portal.intakeId, 'tagline')).toMatchObject({
      status: 'submitted',
      value: 'We bake sourdough.',
    });
  });

  it("answers with the client's view: no owner items", async () => {
    const view = await submitValue('tagline', 'Hi');
    expect(view.items.map((i) => i.key)).not.toContain('kickoff');
  });

  it('audits item.submitted as the client and sends item.submitted without a file count', async () => {
    await submitValue('tagline', 'Hi');
    expect(context.auditActions()).toEqual(['intake.created', 'item.submitted']);
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      actor_type: 'client',
      summary: { intake_id: portal.intakeId, item_key: 'tagline' },
    });
    expect(context.webhooks()).toEqual([
      {
        event: 'item.submitted',
        intake_id: portal.intakeId,
        project_name: 'New website',
        item_key: 'tagline',
        item_label: 'Tagline',
        item_type: 'text',
        timestamp: Math.floor(context.clock.now().getTime() / 1000),
      },
    ]);
  });

  it('completes the intake with the last outstanding item (optional items do not block)', async () => {
    const small = await givenPortal(context, {
      items: [
        { key: 'tagline', type: 'text', label: 'Tagline' },
        { key: 'budget', type: 'number', label: 'Budget', required: false },
      ],
    });
    const view = await submitValue('tagline', 'Hi', small.slug);
    expect(view.intake).toMatchObject({ status: 'completed', completed_at: context.clock.now() });
    expect(context.webhooks().map((w) => w['event'])).toEqual(['item.submitted', 'intake.completed']);
  });

  it('takes an optional item, and a correction of a submitted one', async () => {
    await submitValue('budget', 1200);
    context.clock.advance(10);
    const view = await submitValue('budget', 1500);
    expect(view.items.find((i) => i.key === 'budget')).toMatchObject({
      status: 'submitted',
      value: 1500,
      submitted_at: context.clock.now(),
    });
  });

  it('lets a pending waiver proposal lapse: the item is answered', async () => {
    await context.use(ProposeWaiver).execute({ slug: portal.slug, key: 'tagline', reason: 'none yet', meta: META });
    const view = await submitValue('tagline', 'Found one');
    expect(view.items.find((i) => i.key === 'tagline')?.waiver.state).toBe('none');
  });

  it('takes the answer again once the owner asked for a revision', async () => {
    const paid = await givenPortal(context, { account: { plan: 'solo' } });
    await submitValue('tagline', 'First', paid.slug);
    const command = { principal: paid.owner, intakeId: paid.intakeId, key: 'tagline', meta: META };
    await context.use(RequestRevision).execute({ ...command, note: 'Shorter, please' });
    expect((await storedItem(context, paid.intakeId, 'tagline')).status).toBe('needs_revision');
    const view = await submitValue('tagline', 'Short', paid.slug);
    expect(view.items.find((i) => i.key === 'tagline')).toMatchObject({ status: 'submitted', value: 'Short' });
  });

  it('stores a secret sealed under the current key, never in the clear, and shows it to nobody', async () => {
    const vault = await givenPortal(context, {
      items: [
        { key: 'password', type: 'secret', label: 'Hosting password', pattern: '^\\S+$' },
        { key: 'tagline', type: 'text', label: 'Tagline' },
      ],
    });
    const view = await submitValue('password', 'hunter2-ž', vault.slug);
    expect(view.items.find((i) => i.key === 'password')).toMatchObject({ status: 'submitted' });
    const stored = await storedItem(context, vault.intakeId, 'password');
    expect(stored.value).toEqual({ sealed: expect.stringMatching(/^v2\.k1\./) });
    expect(context.secretBox.open((stored.value as { sealed: string }).sealed)).toBe('hunter2-ž');
    const everything = JSON.stringify([context.db.auditLog.entries, context.db.outbox.payloads('webhook'), view]);
    expect(everything).not.toContain('hunter2');
    // The owner changes the label: the sealed answer is checked in the clear and kept.
    await context.use(UpdateItem).execute({
      principal: vault.owner,
      intakeId: vault.intakeId,
      key: 'password',
      patch: { label: 'Server password' },
      meta: META,
    });
    expect((await storedItem(context, vault.intakeId, 'password')).value).toEqual(stored.value);
    // A pattern the answer breaks would discard it: 409, as for any answer.
    await expect(
      context.use(UpdateItem).execute({
        principal: vault.owner,
        intakeId: vault.intakeId,
        key: 'password',
        patch: { constraints: { max_chars: 3 } },
        meta: META,
      }),
    ).rejects.toMatchObject({ code: 'item_answer_would_be_discarded' });
  });

  describe('refuses, writing nothing', () => {
    it.each([
      ['a multi-line text', 'tagline', 'one\ntwo', 'must be a single line'],
      ['a number as a string', 'budget', '42', 'must be a number'],
      ['no value', 'tagline', null, 'is required'],
      ['a blank text', 'tagline', '   ', 'must not be blank'],
    ])('%s: 422 with the detail', async (_what, key, value, message) => {
      await refused(() => submitValue(key, value), {
        code: 'unprocessable',
        reason: 'validation_failed',
        details: [{ path: 'value', message }],
      });
    });

    it('a value for a file item: files are uploaded', async () => {
      await refused(() => submitValue('logo', 'logo.png'), {
        reason: 'validation_failed',
        details: [{ path: 'value', message: 'files are uploaded to this item, not sent as a value' }],
      });
    });

    it.each(['kickoff', 'nope'])('the item %s the client does not have: 404 item_not_found', async (key) => {
      await refused(() => submitValue(key, 'x'), { code: 'not_found', reason: 'item_not_found' });
    });

    it('an approved item: 409 item_approved', async () => {
      await submitValue('tagline', 'Hi');
      await context.use(ApproveItem).execute({ ...owner('tagline'), note: null });
      await refused(() => submitValue('tagline', 'Other'), { code: 'conflict', reason: 'item_approved' });
    });

    it('a waived item: 409 item_waived', async () => {
      await context.use(WaiveItem).execute({ ...owner('tagline'), reason: null });
      await refused(() => submitValue('tagline', 'Hi'), { code: 'conflict', reason: 'item_waived' });
    });

    it('an archived intake: 409 intake_archived', async () => {
      await context.use(ArchiveIntake).execute({ principal: portal.owner, intakeId: portal.intakeId, meta: META });
      await refused(() => submitValue('tagline', 'Hi'), { code: 'conflict', reason: 'intake_archived' });
    });

    it.each([
      ['a malformed link', async () => 'x'],
      ['an unknown link', async () => 'G'.repeat(22)],
      ['a draft', async () => (await givenPortal(context, { send: false })).slug],
    ])('%s: the portal 404', async (_what, slug) => {
      const link = await slug();
      await refused(() => submitValue('tagline', 'Hi', link), { code: 'not_found', reason: undefined });
    });
  });
});
