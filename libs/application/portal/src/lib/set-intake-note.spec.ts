import { ArchiveIntake } from '@intake/application-intakes';
import { type GivenPortal, givenPortal, InMemoryContext, META, storedIntake, storedState } from '@intake/testing';
import { SetIntakeNote } from './set-intake-note';
import { SubmitItemValue } from './submit-item-value';

describe('SetIntakeNote', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let setNote: SetIntakeNote;

  const note = (text: string | null, slug = portal.slug) => setNote.execute({ slug, note: text, meta: META });
  const refused = async (call: () => Promise<unknown>, expected: Record<string, unknown>) => {
    const before = storedState(context);
    await expect(call()).rejects.toMatchObject(expected);
    expect(storedState(context)).toEqual(before);
  };

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    setNote = context.use(SetIntakeNote);
  });

  it('keeps the client’s note on the intake, trimmed, changing nothing else', async () => {
    const before = storedIntake(context, portal.intakeId);
    const view = await note('  The invoices come from our accountant on Friday.\n');
    expect(view.intake.client_note).toBe('The invoices come from our accountant on Friday.');
    const after = storedIntake(context, portal.intakeId);
    expect(after.intake).toEqual({
      ...before.intake,
      client_note: 'The invoices come from our accountant on Friday.',
      version: before.intake.version + 1,
    });
    expect(after.items).toEqual(before.items);
  });

  it.each([null, '', ' \n\t '])('clears the note with %j', async (cleared) => {
    await note('first');
    await note(cleared);
    expect(storedIntake(context, portal.intakeId).intake.client_note).toBeNull();
  });

  it('takes 2,000 characters; 2,001 is 422 validation_failed on note, writing nothing', async () => {
    await note('x'.repeat(2000));
    expect(storedIntake(context, portal.intakeId).intake.client_note).toHaveLength(2000);
    await refused(() => note('y'.repeat(2001)), {
      code: 'unprocessable',
      reason: 'validation_failed',
      details: [{ path: 'note', message: 'must be at most 2000 characters' }],
    });
  });

  it('audits intake.client_note as the client with the length only, and sends no webhook', async () => {
    await note('Ask my partner about the logo');
    expect(context.auditActions()).toEqual(['intake.created', 'intake.client_note']);
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      actor_type: 'client',
      target_id: portal.intakeId,
      summary: { intake_id: portal.intakeId, length: 29 },
    });
    expect(JSON.stringify(context.db.auditLog.entries)).not.toContain('partner');
    expect(context.webhooks()).toEqual([]);
  });

  it('may be written once the intake is completed', async () => {
    const done = await givenPortal(context, { items: [{ key: 'about', type: 'text', label: 'About' }] });
    await context.use(SubmitItemValue).execute({ slug: done.slug, key: 'about', value: 'We bake.', meta: META });
    expect(storedIntake(context, done.intakeId).intake.status).toBe('completed');
    await note('Thanks!', done.slug);
    expect(storedIntake(context, done.intakeId).intake).toMatchObject({ status: 'completed', client_note: 'Thanks!' });
  });

  describe('refuses, writing nothing', () => {
    it('an archived intake: 409 intake_archived', async () => {
      await context.use(ArchiveIntake).execute({ principal: portal.owner, intakeId: portal.intakeId, meta: META });
      await refused(() => note('x'), { code: 'conflict', reason: 'intake_archived' });
    });

    it.each([
      ['a malformed link', async () => 'x'],
      ['an unknown link', async () => 'H'.repeat(22)],
      ['a draft', async () => (await givenPortal(context, { send: false })).slug],
    ])('%s: the portal 404', async (_what, slug) => {
      const link = await slug();
      await refused(() => note('x', link), { code: 'not_found', reason: undefined });
    });
  });
});
