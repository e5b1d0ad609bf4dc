import { type GivenPortal, givenPortal, givenUpload, INFECTED_TXT, InMemoryContext, LOGO_PNG } from '@intake/testing';
import { ScanFile } from './scan-file';
import { SCAN_SWEEP_AFTER_SECONDS, SweepScans } from './sweep-scans';

describe('SweepScans', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let sweep: SweepScans;

  const later = (seconds: number) => new Date(context.clock.now().getTime() + seconds * 1000);
  const statusOf = async (fileId: string) => (await context.files.byId(fileId))?.av_status;

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context, {
      items: [{ key: 'documents', type: 'file_list', label: 'Documents', constraints: { max_count: 30 } }],
    });
    sweep = context.use(SweepScans);
  });

  it('is the scheduler pass files.scan_sweep', () => {
    expect(sweep.name).toBe('files.scan_sweep');
  });

  it('scans pending files the queue missed once they are over a minute old', async () => {
    const clean = await givenUpload(context, portal, 'documents', LOGO_PNG, 'a.png');
    const infected = await givenUpload(context, portal, 'documents', INFECTED_TXT, 'b.txt');
    expect(await sweep.run(later(SCAN_SWEEP_AFTER_SECONDS))).toBe(0);
    expect(await statusOf(clean.id)).toBe('pending');
    expect(await sweep.run(later(SCAN_SWEEP_AFTER_SECONDS + 1))).toBe(2);
    expect(await statusOf(clean.id)).toBe('clean');
    expect(await statusOf(infected.id)).toBe('infected');
    expect(await sweep.run(later(SCAN_SWEEP_AFTER_SECONDS + 2))).toBe(0);
  });

  it("records the verdicts at the pass's time", async () => {
    const file = await givenUpload(context, portal, 'documents');
    const passAt = later(120);
    await sweep.run(passAt);
    expect((await context.files.byId(file.id))?.scanned_at).toEqual(passAt);
  });

  it('scans twenty files a pass, oldest first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      ids.push((await givenUpload(context, portal, 'documents', LOGO_PNG, `${i}.png`)).id);
      context.clock.advance(1);
    }
    expect(await sweep.run(later(600))).toBe(20);
    const statuses = await Promise.all(ids.map(statusOf));
    expect(statuses.slice(0, 20).every((s) => s === 'clean')).toBe(true);
    expect(statuses.slice(20).every((s) => s === 'pending')).toBe(true);
    expect(await sweep.run(later(601))).toBe(5);
  });

  it('leaves a file alone until its retry is due', async () => {
    const file = await givenUpload(context, portal, 'documents');
    context.antivirus.failing = true;
    await expect(sweep.run(later(120))).rejects.toThrow('clamd unreachable');
    context.antivirus.failing = false;
    // The first retry waits a minute after the failed pass.
    expect(await sweep.run(later(179))).toBe(0);
    expect(await sweep.run(later(180))).toBe(1);
    expect(await statusOf(file.id)).toBe('clean');
  });

  it('scans the others when one file fails, then reports the first failure', async () => {
    const failing = await givenUpload(context, portal, 'documents', 'unscannable', 'x.txt');
    context.clock.advance(1);
    const other = await givenUpload(context, portal, 'documents', LOGO_PNG, 'a.png');
    const scanFile = context.use(ScanFile);
    const execute = scanFile.execute.bind(scanFile);
    jest.spyOn(scanFile, 'execute').mockImplementation(async (id, now) => {
      if (id === failing.id) throw new Error('clamd refused the file');
      return execute(id, now);
    });
    await expect(sweep.run(later(120))).rejects.toThrow('clamd refused the file');
    expect(await statusOf(other.id)).toBe('clean');
    expect(await statusOf(failing.id)).toBe('pending');
  });
});
