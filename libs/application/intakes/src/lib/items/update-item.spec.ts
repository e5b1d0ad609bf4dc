import {
  type GivenAccount,
  givenAccount,
  givenIntake,
  givenStoredFile,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { type ItemPatch, UpdateItem } from './update-item';

describe('UpdateItem', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let updateItem: UpdateItem;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    updateItem = context.use(UpdateItem);
  });

  const update = (intakeId: string, key: string, patch: ItemPatch) =>
    updateItem.execute({ principal: given.liveKey, intakeId, key, patch, meta: META });
  const storageUsed = () => context.db.accounts.rows.find((a) => a.id === given.account.id)?.storage_bytes_used;

  /** A completed intake whose text item `copy` (max 100 characters) the client answered. */
  const answered = () =>
    givenIntake(context, given, {
      status: 'completed',
      items: [{ key: 'copy', status: 'submitted', value: 'Twenty characters ok', constraints: { max_chars: 100 } }],
    });

  /** An in-progress intake whose image item `logo` has a submitted PNG upload. */
  async function uploaded(status: 'submitted' | 'pending' = 'submitted') {
    const { intake } = await givenIntake(context, given, {
      status: 'in_progress',
      items: [{ key: 'logo', type: 'image', status }],
    });
    const file = await givenStoredFile(context, intake, 'logo');
    return { intake, file };
  }

  it('changes the definition of an unanswered item and audits the fields given', async () => {
    const { intake } = await givenIntake(context, given);
    const changed = await update(intake.id, 'brief', {
      label: '  Your brief ',
      help: 'A few lines',
      required: false,
      owner_note: 'check spelling',
      type: undefined,
    });
    expect(changed.items[0]).toMatchObject({
      key: 'brief',
      label: 'Your brief',
      help: 'A few lines',
      required: false,
      owner_note: 'check spelling',
      status: 'pending',
    });
    expect(storedIntake(context, intake.id).item('brief')).toEqual(changed.items[0]);
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'item.updated',
        target_id: intake.id,
        summary: { intake_id: intake.id, item_key: 'brief', fields: ['label', 'help', 'required', 'owner_note'] },
      }),
    ]);
  });

  it('is 400 no_fields without a field to change (discard_submitted_value alone is none)', async () => {
    const { intake } = await givenIntake(context, given);
    const before = writtenState(context);
    for (const patch of [{}, { discard_submitted_value: true }, { label: undefined }]) {
      await expect(update(intake.id, 'brief', patch)).rejects.toMatchObject({
        code: 'invalid_request',
        reason: 'no_fields',
      });
    }
    expect(writtenState(context)).toEqual(before);
  });

  it('is 422 for a definition that breaks the item rules, with paths relative to the item', async () => {
    const { intake } = await givenIntake(context, given);
    const before = writtenState(context);
    await expect(update(intake.id, 'brief', { constraints: { min_width: 10 }, label: ' ' })).rejects.toMatchObject({
      code: 'unprocessable',
      reason: 'validation_failed',
      details: [
        { path: 'label', message: 'must not be blank' },
        { path: 'constraints.min_width', message: 'is not accepted for type text' },
      ],
    });
    await expect(update(intake.id, 'brief', { type: 'nope' })).rejects.toMatchObject({
      details: [{ path: 'type', message: expect.stringContaining('must be one of') }],
    });
    expect(writtenState(context)).toEqual(before);
  });

  it('keeps an answer the new definition still accepts', async () => {
    const { intake } = await answered();
    const changed = await update(intake.id, 'copy', { constraints: { max_chars: 20 }, label: 'Copy' });
    expect(changed.items[0]).toMatchObject({ status: 'submitted', value: 'Twenty characters ok', label: 'Copy' });
    expect(changed.intake.status).toBe('completed');
  });

  it('is 409 item_answer_would_be_discarded when the change invalidates the answer, changing nothing', async () => {
    const { intake } = await answered();
    const before = writtenState(context);
    for (const [patch, detail] of [
      [{ constraints: { max_chars: 19 } }, 'must not be longer than 19 characters'],
      [{ type: 'number' }, 'must be a number'],
    ] as const) {
      await expect(update(intake.id, 'copy', patch)).rejects.toMatchObject({
        code: 'item_answer_would_be_discarded',
        params: { item_key: 'copy' },
        details: [{ path: 'value', message: detail }],
      });
    }
    expect(writtenState(context)).toEqual(before);
  });

  it('discards the answer with discard_submitted_value: the item waits again and a completed intake reopens', async () => {
    const { intake } = await answered();
    const changed = await update(intake.id, 'copy', { constraints: { max_chars: 5 }, discard_submitted_value: true });
    expect(changed.items[0]).toMatchObject({
      status: 'pending',
      value: null,
      submitted_at: null,
      approved_at: null,
      constraints: { max_chars: 5 },
    });
    expect(changed.intake).toMatchObject({ status: 'in_progress', completed_at: null });
    expect(storedIntake(context, intake.id).item('copy').value).toBeNull();
    expect(context.db.outbox.messages).toEqual([]);
  });

  it('keeps a waived item waived when its answer is discarded', async () => {
    const { intake } = await givenIntake(context, given, {
      items: [{ key: 'copy', status: 'waived', value: 'Some text' }],
    });
    const changed = await update(intake.id, 'copy', { type: 'number', discard_submitted_value: true });
    expect(changed.items[0]).toMatchObject({ type: 'number', status: 'waived', value: null });
  });

  it('is 409 when submitted uploads would no longer fit, and deletes them and their bytes when discarding', async () => {
    const { intake, file } = await uploaded();
    const brief = await givenStoredFile(context, intake, null, { size: 10 });
    const before = writtenState(context);
    await expect(update(intake.id, 'logo', { constraints: { formats: ['jpg'] } })).rejects.toMatchObject({
      code: 'item_answer_would_be_discarded',
    });
    expect(writtenState(context)).toEqual(before);

    const changed = await update(intake.id, 'logo', {
      constraints: { formats: ['jpg'] },
      discard_submitted_value: true,
    });
    expect(changed.items[0]).toMatchObject({ status: 'pending', constraints: { formats: ['jpg'] } });
    expect(changed.files).toEqual([brief]);
    expect(context.db.files.rows.map((f) => f.id)).toEqual([brief.id]);
    expect(context.storage.objects.has(file.storage_key)).toBe(false);
    expect(context.storage.objects.has(brief.storage_key)).toBe(true);
    expect(storageUsed()).toBe(10);
  });

  it('keeps uploads that still fit, and uploads not yet submitted whatever the change', async () => {
    const { intake } = await uploaded();
    await update(intake.id, 'logo', { constraints: { formats: ['png', 'jpg'] } });
    const pending = await uploaded('pending');
    await update(pending.intake.id, 'logo', { constraints: { formats: ['jpg'] } });
    expect(context.db.files.rows).toHaveLength(2);
  });

  describe('type changes, judged by the answer', () => {
    it('keeps a submitted file when a file item becomes a file_list', async () => {
      const { intake } = await givenIntake(context, given, {
        status: 'completed',
        items: [{ key: 'contract', type: 'file', status: 'submitted' }],
      });
      const file = await givenStoredFile(context, intake, 'contract');
      const changed = await update(intake.id, 'contract', { type: 'file_list' });
      expect(changed.items[0]).toMatchObject({ type: 'file_list', status: 'submitted' });
      expect(changed.intake.status).toBe('completed');
      expect(changed.files).toEqual([file]);
      expect(context.storage.objects.has(file.storage_key)).toBe(true);
    });

    it('keeps an image as a file when the formats allow it, and is 409 when they do not', async () => {
      const { intake, file } = await uploaded();
      const before = writtenState(context);
      await expect(
        update(intake.id, 'logo', { type: 'file', constraints: { formats: ['pdf'] } }),
      ).rejects.toMatchObject({
        code: 'item_answer_would_be_discarded',
        details: [{ path: 'files[0].extension', message: 'must be one of pdf' }],
      });
      expect(writtenState(context)).toEqual(before);
      const changed = await update(intake.id, 'logo', { type: 'file', constraints: { formats: ['png'] } });
      expect(changed.items[0]).toMatchObject({ type: 'file', status: 'submitted', constraints: { formats: ['png'] } });
      expect(changed.files).toEqual([file]);
    });

    it('holds a select answer as a list of one when the item becomes a multiselect, and back', async () => {
      const { intake } = await givenIntake(context, given, {
        items: [{ key: 'style', type: 'select', options: ['clean', 'bold'], status: 'submitted', value: 'bold' }],
      });
      expect((await update(intake.id, 'style', { type: 'multiselect' })).items[0]).toMatchObject({
        type: 'multiselect',
        value: ['bold'],
        status: 'submitted',
      });
      expect(storedIntake(context, intake.id).item('style').value).toEqual(['bold']);
      expect((await update(intake.id, 'style', { type: 'select' })).items[0]).toMatchObject({
        type: 'select',
        value: 'bold',
      });
      await expect(
        update(intake.id, 'style', { type: 'multiselect', constraints: { min_count: 2 } }),
      ).rejects.toMatchObject({ code: 'item_answer_would_be_discarded' });
    });

    it('keeps a secret sealed, and never lets its answer cross to a plain type', async () => {
      const box = context.secretBox;
      const sealed = { sealed: box.seal('hunter2') };
      const { intake } = await givenIntake(context, given, {
        items: [{ key: 'password', type: 'secret', status: 'submitted', value: sealed }],
      });
      const before = writtenState(context);
      await expect(update(intake.id, 'password', { type: 'text' })).rejects.toMatchObject({
        code: 'item_answer_would_be_discarded',
        details: [{ path: 'value', message: expect.not.stringContaining('hunter2') }],
      });
      expect(writtenState(context)).toEqual(before);
      const changed = await update(intake.id, 'password', { constraints: { max_chars: 7 } });
      expect(changed.items[0]).toMatchObject({ status: 'submitted', value: sealed });
      await expect(update(intake.id, 'password', { constraints: { max_chars: 6 } })).rejects.toMatchObject({
        code: 'item_answer_would_be_discarded',
      });
    });

    it('deletes uploads never submitted when the item no longer takes files', async () => {
      const { intake, file } = await uploaded('pending');
      const changed = await update(intake.id, 'logo', { type: 'text' });
      expect(changed.items[0]).toMatchObject({ type: 'text', status: 'pending', value: null, constraints: {} });
      expect(changed.files).toEqual([]);
      expect(context.storage.objects.has(file.storage_key)).toBe(false);
      expect(storageUsed()).toBe(0);
    });

    it('is 409 for submitted files when the item would take a value', async () => {
      const { intake } = await uploaded();
      await expect(update(intake.id, 'logo', { type: 'text' })).rejects.toMatchObject({
        code: 'item_answer_would_be_discarded',
        details: [{ path: 'files', message: 'do not answer a text item: it takes a value' }],
      });
    });
  });

  it('changes only the owner note of an answered item without asking to discard', async () => {
    const { intake } = await answered();
    const changed = await update(intake.id, 'copy', { owner_note: 'fine' });
    expect(changed.items[0]).toMatchObject({ owner_note: 'fine', value: 'Twenty characters ok' });
  });

  it('is 404 item_not_found for an unknown key and 409 intake_archived for an archived intake', async () => {
    const { intake } = await givenIntake(context, given);
    const { intake: archived } = await givenIntake(context, given, { status: 'archived' });
    const before = writtenState(context);
    await expect(update(intake.id, 'nope', { label: 'X' })).rejects.toMatchObject({
      code: 'not_found',
      reason: 'item_not_found',
    });
    await expect(update(archived.id, 'brief', { label: 'X' })).rejects.toMatchObject({
      code: 'conflict',
      reason: 'intake_archived',
    });
    expect(writtenState(context)).toEqual(before);
  });
});
