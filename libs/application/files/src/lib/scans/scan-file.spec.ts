import { ArchiveIntake } from '@intake/application-intakes';
import {
  type GivenPortal,
  givenBriefFile,
  givenPortal,
  givenUpload,
  INFECTED_TXT,
  InMemoryContext,
  LOGO_PNG,
  META,
  storedItem,
} from '@intake/testing';
import { type FileRecord } from '../ports/file-store.port';
import { SubmitFiles } from '../uploads/submit-files';
import { retryAt, ScanFile } from './scan-file';

const SIGNATURE = 'Test.EICAR.Body.UNOFFICIAL';

describe('ScanFile', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let scan: ScanFile;

  const row = (fileId: string) => context.db.files.rows.find((f) => f.id === fileId);
  const submit = (key: string) => context.use(SubmitFiles).execute({ slug: portal.slug, key, meta: META });

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    scan = context.use(ScanFile);
  });

  it('marks a clean upload clean, quietly', async () => {
    const file = await givenUpload(context, portal, 'logo');
    context.clock.advance(5);
    const audit = context.auditActions();
    expect(await scan.execute(file.id)).toBe('clean');
    expect(await context.files.byId(file.id)).toMatchObject({
      av_status: 'clean',
      av_signature: null,
      scanned_at: context.clock.now(),
    });
    expect(context.auditActions()).toEqual(audit);
    expect(context.webhooks()).toEqual([]);
  });

  it("records the verdict at the scheduler pass's time when given one", async () => {
    const file = await givenUpload(context, portal, 'logo');
    const passAt = new Date('2026-11-23T09:30:00Z');
    await scan.execute(file.id, passAt);
    expect((await context.files.byId(file.id))?.scanned_at).toEqual(passAt);
  });

  it('marks an infected upload with its signature and audits item.file_infected as the system', async () => {
    const file = await givenUpload(context, portal, 'documents', INFECTED_TXT, 'notes.txt');
    expect(await scan.execute(file.id)).toBe('infected');
    expect(await context.files.byId(file.id)).toMatchObject({ av_status: 'infected', av_signature: SIGNATURE });
    expect(context.auditActions().at(-1)).toBe('item.file_infected');
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      actor_type: 'system',
      ip: null,
      request_id: null,
      summary: { intake_id: portal.intakeId, item_key: 'documents', file_id: file.id, signature: SIGNATURE },
    });
    expect(context.storage.objects.has(file.storage_key)).toBe(true);
    expect(context.webhooks()).toEqual([]);
  });

  it('sends a submitted item holding an infected file back to pending, reopening a completed intake', async () => {
    const single = await givenPortal(context, { items: [{ key: 'notes', type: 'file', label: 'Notes' }] });
    const file = await givenUpload(context, single, 'notes', INFECTED_TXT, 'notes.txt');
    await context.use(SubmitFiles).execute({ slug: single.slug, key: 'notes', meta: META });
    expect(
      (await context.intakes.get({ accountId: single.account.id, mode: null, createdByKeyId: null }, single.intakeId))
        ?.status,
    ).toBe('completed');
    await scan.execute(file.id);
    expect(await storedItem(context, single.intakeId, 'notes')).toMatchObject({
      status: 'pending',
      submitted_at: null,
    });
    const intake = context.db.intakes.rows.find((i) => i.id === single.intakeId);
    expect(intake).toMatchObject({ status: 'in_progress', completed_at: null });
  });

  it('leaves a pending item pending', async () => {
    const file = await givenUpload(context, portal, 'documents', INFECTED_TXT, 'notes.txt');
    await scan.execute(file.id);
    expect((await storedItem(context, portal.intakeId, 'documents')).status).toBe('pending');
  });

  it("marks an infected file of an archived intake, leaving the intake's items as they are", async () => {
    const file = await givenUpload(context, portal, 'documents', INFECTED_TXT, 'notes.txt');
    await submit('documents');
    await context.use(ArchiveIntake).execute({ principal: portal.owner, intakeId: portal.intakeId, meta: META });
    const audit = context.auditActions();
    expect(await scan.execute(file.id)).toBe('infected');
    expect((await context.files.byId(file.id))?.av_status).toBe('infected');
    expect((await storedItem(context, portal.intakeId, 'documents')).status).toBe('submitted');
    expect(context.auditActions()).toEqual(audit);
  });

  it('marks an infected file without an item (a brief file) and touches no item', async () => {
    const brief = await givenBriefFile(context, portal);
    const pending = row(brief.id);
    if (pending) Object.assign(pending, { av_status: 'pending', scanned_at: null });
    context.storage.objects.set(brief.storage_key, { bytes: INFECTED_TXT });
    const audit = context.auditActions();
    expect(await scan.execute(brief.id)).toBe('infected');
    expect(context.auditActions()).toEqual(audit);
  });

  it.each([
    ['an unknown file', async () => 'fil_unknown'],
    [
      'a file already scanned',
      async () => {
        const file = await givenUpload(context, portal, 'logo');
        await scan.execute(file.id);
        return file.id;
      },
    ],
  ])('skips %s without scanning it', async (_what, fileId) => {
    const id = await fileId();
    const scans = context.antivirus.scans;
    expect(await scan.execute(id)).toBe('skipped');
    expect(context.antivirus.scans).toBe(scans);
  });

  describe('while another scanner got there first', () => {
    let file: FileRecord;
    beforeEach(async () => {
      file = await givenUpload(context, portal, 'documents', INFECTED_TXT, 'notes.txt');
    });
    const racedBy = (verdict: 'clean' | 'infected') =>
      jest.spyOn(context.antivirus, 'scan').mockImplementationOnce(async () => {
        await context.files.recordScan(file.id, verdict, null, context.clock.now());
        return verdict === 'clean' ? { clean: false, signature: SIGNATURE } : { clean: true };
      });

    it('keeps the first verdict and reports the infected one skipped, without an audit', async () => {
      racedBy('clean');
      const audit = context.auditActions();
      expect(await scan.execute(file.id)).toBe('skipped');
      expect((await context.files.byId(file.id))?.av_status).toBe('clean');
      expect(context.auditActions()).toEqual(audit);
    });

    it('keeps the first verdict and reports the clean one skipped', async () => {
      racedBy('infected');
      expect(await scan.execute(file.id)).toBe('skipped');
      expect((await context.files.byId(file.id))?.av_status).toBe('infected');
    });
  });

  describe('when the scan fails', () => {
    it('counts the attempt, keeps the error and retries a minute later, then two', async () => {
      const file = await givenUpload(context, portal, 'logo');
      context.antivirus.failing = true;
      await expect(scan.execute(file.id)).rejects.toThrow('clamd unreachable');
      expect(row(file.id)).toMatchObject({
        av_status: 'pending',
        scan_attempts: 1,
        scan_error: 'clamd unreachable',
        next_scan_at: new Date(context.clock.now().getTime() + 60_000),
      });
      await expect(scan.execute(file.id)).rejects.toThrow();
      expect(row(file.id)).toMatchObject({ scan_attempts: 2, next_scan_at: retryAt(context.clock.now(), 2) });
      expect(retryAt(context.clock.now(), 2).getTime() - context.clock.now().getTime()).toBe(120_000);
    });

    it('counts a file the storage cannot hand over as a failed attempt', async () => {
      const file = await givenUpload(context, portal, 'logo');
      context.storage.failing = true;
      await expect(scan.execute(file.id)).rejects.toThrow('object storage unreachable');
      expect(row(file.id)).toMatchObject({ av_status: 'pending', scan_attempts: 1 });
    });
  });

  it('scans the stored bytes', async () => {
    const file = await givenUpload(context, portal, 'logo', LOGO_PNG, 'logo.png');
    context.storage.objects.set(file.storage_key, { bytes: INFECTED_TXT });
    expect(await scan.execute(file.id)).toBe('infected');
  });
});
