import { ScanFile, SweepScans } from '@intake/application-files';
import { ClamdServer, construct, EICAR, multipart, pdf } from '@intake/testing';
import { useApi } from './api-test-app';

describe('antivirus: uploads scanned by a real clamd (EICAR test signatures)', () => {
  let clamd: ClamdServer;
  let key: string;
  let scanFile: ScanFile;
  let sweepScans: SweepScans;
  const api = useApi(
    { AV: 'clamd', CLAMD_HOST: '127.0.0.1', PUBLIC_BASE_URL: 'http://api.test' },
    {
      prepare: async (environment) => {
        clamd = await new ClamdServer().start();
        return { ...environment.env, CLAMD_PORT: String(clamd.port) };
      },
    },
  );

  beforeAll(async () => {
    // The scans run in the scheduler app; here they are built on the api's own ports.
    scanFile = construct(api.t.app, ScanFile);
    sweepScans = construct(api.t.app, SweepScans);
    ({ key } = await api.owner());
  });

  afterAll(async () => {
    await clamd?.stop();
  });

  const newIntake = async () => {
    const created = (
      await api.client.asKey(key, {
        method: 'POST',
        url: '/v1/intakes',
        payload: {
          project_name: 'Tax return',
          client: { email: 'karel@example.cz', name: 'Karel' },
          items: [{ key: 'statement', type: 'file', label: 'Bank statement' }],
        },
      })
    ).json();
    return { id: created.intake_id as string, slug: (created.portal_url as string).split('/').pop() as string };
  };
  const upload = (url: string, name: string, content: Buffer, asOwner = false) => {
    const body = multipart('file', name, content);
    const request = { method: 'POST' as const, url, payload: body.payload, headers: body.headers };
    return asOwner ? api.client.asKey(key, request) : api.client.request(request);
  };
  const download = (id: string, fileId: string) =>
    api.client.asKey(key, { method: 'GET', url: `/v1/intakes/${id}/items/statement/files/${fileId}` });

  it('keeps an upload pending until scanned; an infected one is never served and the client is asked for another', async () => {
    const { id, slug } = await newIntake();
    const uploaded = await upload(`/portal/v1/${slug}/items/statement/files`, 'statement.txt', Buffer.from(EICAR));
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json().file;
    expect(file.av_status).toBe('pending');
    const pending = await download(id, file.id);
    expect(pending.statusCode).toBe(422);
    expect(pending.json()).toMatchObject({ error: 'unprocessable', reason: 'file_scan_pending' });

    // Submitted before the scan finished: the verdict sends the item back to pending.
    expect(
      (await api.client.request({ method: 'POST', url: `/portal/v1/${slug}/items/statement/submit` })).statusCode,
    ).toBe(200);
    expect(await scanFile.execute(file.id)).toBe('infected');
    expect(await scanFile.execute(file.id)).toBe('skipped');

    const infected = await download(id, file.id);
    expect(infected.statusCode).toBe(422);
    expect(infected.json()).toMatchObject({ reason: 'file_infected' });
    const detail = (await api.client.asKey(key, { method: 'GET', url: `/v1/intakes/${id}` })).json();
    expect(detail.items[0]).toMatchObject({
      status: 'pending',
      files: [expect.objectContaining({ av_status: 'infected' })],
    });
    expect(detail.intake.status).toBe('in_progress');
    const row = (await api.db.query(`SELECT av_signature FROM files WHERE id = $1`, [file.id])).rows[0];
    expect(row.av_signature).toMatch(/EICAR/i);

    const portal = (await api.client.request({ method: 'GET', url: `/portal/v1/${slug}` })).json();
    expect(portal.items[0].files).toEqual([expect.objectContaining({ av_status: 'infected' })]);
    const resubmit = await api.client.request({ method: 'POST', url: `/portal/v1/${slug}/items/statement/submit` });
    expect(resubmit.statusCode).toBe(422);
    expect(resubmit.json().details).toContainEqual({
      path: 'files[0]',
      message: 'failed the virus scan: remove it and upload another',
    });
  });

  it('serves a clean file once scanned, and the sweep scans what the queue missed', async () => {
    const { id, slug } = await newIntake();
    const file = (await upload(`/portal/v1/${slug}/items/statement/files`, 'statement.pdf', pdf())).json().file;
    expect(await sweepScans.run(new Date())).toBe(0); // too recent: its queued job comes first
    expect(await sweepScans.run(new Date(Date.now() + 120_000))).toBe(1);
    const served = await download(id, file.id);
    expect(served.statusCode).toBe(302);
    expect(served.headers.location).toMatch(/^http:\/\/api\.test\/v1\/files\/signed\?/);
  });

  it('scans brief files before storing them: EICAR is 422 and nothing is stored or counted', async () => {
    const { id } = await newIntake();
    const before = (await api.db.query(`SELECT storage_bytes_used FROM accounts`)).rows;
    const refused = await upload(`/v1/intakes/${id}/brief/files`, 'eicar.com', Buffer.from(EICAR), true);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: 'unprocessable', reason: 'file_infected' });
    expect((await api.db.query(`SELECT count(*)::int AS n FROM files WHERE intake_id = $1`, [id])).rows[0].n).toBe(0);
    expect((await api.db.query(`SELECT storage_bytes_used FROM accounts`)).rows).toEqual(before);
    const accepted = await upload(`/v1/intakes/${id}/brief/files`, 'brief.pdf', pdf(), true);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().file).toMatchObject({ av_status: 'clean', mime: 'application/pdf' });
  });

  it('retries a scan that failed (clamd away) with a growing delay, never marking the file clean', async () => {
    const { id, slug } = await newIntake();
    const file = (await upload(`/portal/v1/${slug}/items/statement/files`, 'statement.pdf', pdf())).json().file;
    await clamd.stop();
    await expect(scanFile.execute(file.id)).rejects.toThrow();
    const row = async () =>
      (
        await api.db.query(`SELECT av_status, scan_attempts, scan_error, next_scan_at FROM files WHERE id = $1`, [
          file.id,
        ])
      ).rows[0];
    const first = await row();
    expect(first).toMatchObject({ av_status: 'pending', scan_attempts: 1, scan_error: expect.any(String) });
    const later = new Date(Date.now() + 10 * 60_000);
    await expect(sweepScans.run(later)).rejects.toThrow(); // due again: tried, and failed again
    const second = await row();
    expect(second.scan_attempts).toBe(2);
    expect(new Date(second.next_scan_at).getTime()).toBeGreaterThan(later.getTime() + 100_000);
    expect(await sweepScans.run(later)).toBe(0); // not due until the next retry time
    expect((await download(id, file.id)).statusCode).toBe(422);
  });
});
