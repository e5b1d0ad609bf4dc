import { ApproveItem, ArchiveIntake, WaiveItem } from '@intake/application-intakes';
import {
  CONTRACT_PDF,
  type GivenPortal,
  givenPortal,
  givenScannedUpload,
  givenUpload,
  INFECTED_TXT,
  InMemoryContext,
  LOGO_PNG,
  META,
  storedItem,
  storedState,
} from '@intake/testing';
import { SubmitFiles } from './submit-files';

describe('SubmitFiles', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let submit: SubmitFiles;

  const submitItem = (key: string, slug = portal.slug) => submit.execute({ slug, key, meta: META });
  const refused = async (call: () => Promise<unknown>, expected: Record<string, unknown>) => {
    const before = storedState(context);
    await expect(call()).rejects.toMatchObject(expected);
    expect(storedState(context)).toEqual(before);
  };

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    submit = context.use(SubmitFiles);
  });

  it('submits the uploaded files: the item is submitted and the intake in progress', async () => {
    await givenUpload(context, portal, 'documents', LOGO_PNG, 'a.png');
    await givenUpload(context, portal, 'documents', CONTRACT_PDF, 'b.pdf');
    context.clock.advance(60);
    const { intake, items, files, events } = await submitItem('documents');
    // Each upload changed the intake once (its version guards the writes).
    expect(intake).toMatchObject({ status: 'in_progress', version: 3 });
    expect(items.find((i) => i.key === 'documents')).toMatchObject({
      status: 'submitted',
      submitted_at: context.clock.now(),
    });
    expect(files).toHaveLength(2);
    expect(events).toEqual([{ type: 'item.submitted', item_key: 'documents', file_count: 2 }]);
    expect(await storedItem(context, portal.intakeId, 'documents')).toMatchObject({ status: 'submitted' });
  });

  it('audits item.submitted as the client and sends the item.submitted webhook with the file count', async () => {
    await givenUpload(context, portal, 'logo');
    await submitItem('logo');
    expect(context.auditActions()).toEqual(['intake.created', 'item.file_uploaded', 'item.submitted']);
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      actor_type: 'client',
      summary: { intake_id: portal.intakeId, item_key: 'logo' },
    });
    expect(context.webhooks()).toEqual([
      {
        event: 'item.submitted',
        intake_id: portal.intakeId,
        project_name: 'New website',
        item_key: 'logo',
        item_label: 'Logo',
        item_type: 'image',
        file_count: 1,
        timestamp: Math.floor(context.clock.now().getTime() / 1000),
      },
    ]);
  });

  it('accepts files still waiting for their scan, and clean ones', async () => {
    await givenUpload(context, portal, 'documents', LOGO_PNG, 'pending.png');
    await givenScannedUpload(context, portal, 'documents', CONTRACT_PDF, 'clean.pdf');
    await expect(submitItem('documents')).resolves.toMatchObject({ events: [{ file_count: 2 }] });
  });

  it('completes the intake with its last outstanding item: intake.completed', async () => {
    const single = await givenPortal(context, { items: [{ key: 'logo', type: 'image', label: 'Logo' }] });
    await givenUpload(context, single, 'logo');
    const { intake, events } = await submitItem('logo', single.slug);
    expect(intake).toMatchObject({ status: 'completed', completed_at: context.clock.now() });
    expect(events.map((e) => e.type)).toEqual(['item.submitted', 'intake.completed']);
    expect(context.webhooks().map((w) => w['event'])).toEqual(['item.submitted', 'intake.completed']);
  });

  it('submits again a submitted item (a correction before approval)', async () => {
    await givenUpload(context, portal, 'logo');
    await submitItem('logo');
    context.clock.advance(30);
    const { items } = await submitItem('logo');
    expect(items.find((i) => i.key === 'logo')).toMatchObject({
      status: 'submitted',
      submitted_at: context.clock.now(),
    });
  });

  describe('refuses, writing nothing', () => {
    it('an item with an infected file: remove it and upload another', async () => {
      await givenUpload(context, portal, 'documents', LOGO_PNG, 'a.png');
      context.clock.advance(1);
      await givenScannedUpload(context, portal, 'documents', INFECTED_TXT, 'notes.txt');
      await refused(() => submitItem('documents'), {
        code: 'unprocessable',
        reason: 'validation_failed',
        details: [{ path: 'files[1]', message: 'failed the virus scan: remove it and upload another' }],
      });
    });

    it.each([
      ['logo', 'must contain exactly one file'],
      ['documents', 'must contain at least 1 file'],
    ])('%s without files: %s', async (key, message) => {
      await refused(() => submitItem(key), { reason: 'validation_failed', details: [{ path: 'files', message }] });
    });

    it('a file list short of its min_count', async () => {
      const list = await givenPortal(context, {
        items: [{ key: 'photos', type: 'file_list', label: 'Photos', constraints: { min_count: 2 } }],
      });
      await givenUpload(context, list, 'photos');
      await refused(() => submitItem('photos', list.slug), {
        details: [{ path: 'files', message: 'must contain at least 2 files' }],
      });
    });

    it("a file that no longer meets the item's rules (checked again at submit)", async () => {
      const file = await givenUpload(context, portal, 'logo');
      const row = context.db.files.rows.find((f) => f.id === file.id);
      if (row) Object.assign(row, { mime: 'application/pdf', extension: 'pdf' });
      await refused(() => submitItem('logo'), { details: [{ path: 'files[0].mime', message: 'must be an image' }] });
    });

    it.each([
      ['a malformed slug', 'short'],
      ['an unknown slug', 'B'.repeat(22)],
    ])('%s: the portal 404', async (_what, slug) => {
      await refused(() => submitItem('logo', slug), { code: 'not_found', reason: undefined });
    });

    it('a draft: the client cannot see it', async () => {
      const draft = await givenPortal(context, { send: false });
      await refused(() => submitItem('logo', draft.slug), { code: 'not_found' });
    });

    it('an archived intake: 409 intake_archived', async () => {
      await givenUpload(context, portal, 'logo');
      await context.use(ArchiveIntake).execute({ principal: portal.owner, intakeId: portal.intakeId, meta: META });
      await refused(() => submitItem('logo'), { code: 'conflict', reason: 'intake_archived' });
    });

    it.each(['nope', 'kickoff'])('the item %s the client does not have: 404 item_not_found', async (key) => {
      await refused(() => submitItem(key), { code: 'not_found', reason: 'item_not_found' });
    });

    it('a value item: 422 on the file', async () => {
      await refused(() => submitItem('tagline'), { reason: 'validation_failed', details: [{ path: 'file' }] });
    });

    it('an approved item: 409 item_approved', async () => {
      await givenUpload(context, portal, 'logo');
      await submitItem('logo');
      const command = { principal: portal.owner, intakeId: portal.intakeId, key: 'logo', note: null, meta: META };
      await context.use(ApproveItem).execute(command);
      await refused(() => submitItem('logo'), { code: 'conflict', reason: 'item_approved' });
    });

    it('a waived item: 409 item_waived', async () => {
      await givenUpload(context, portal, 'logo');
      const command = { principal: portal.owner, intakeId: portal.intakeId, key: 'logo', reason: null, meta: META };
      await context.use(WaiveItem).execute(command);
      await refused(() => submitItem('logo'), { code: 'conflict', reason: 'item_waived' });
    });
  });
});
