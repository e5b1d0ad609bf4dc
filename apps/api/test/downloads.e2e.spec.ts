import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { multipart, pdf, png } from '@intake/testing';
import { type Session } from './accounts-client';
import { inviteMember } from './access-matrix.fixtures';
import { type Owner, useApi } from './api-test-app';

const run = promisify(execFile);
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const MIB = 1024 * 1024;

/** Never in podklady.md, a dump or a log; in podklady.pdf only when include_secrets consumed it. */
const SECRET = 'Tajné-heslo-žluťoučký-kůň-51c9e';
/** What the PDF must render (pdftotext reads it back): Czech, Polish, German and Spanish letters. */
const DIACRITICS = 'ěščřžýáíé ąęłńóśźż äöüß ñ';

const ITEMS = [
  { key: 'password', type: 'secret', label: 'Heslo k hostingu' },
  { key: 'about', type: 'longtext', label: 'O vás' },
  { key: 'budget', type: 'number', label: 'Rozpočet', required: false },
  { key: 'colours', type: 'multiselect', label: 'Barvy', options: ['červená', 'modrá'], required: false },
  { key: 'photos', type: 'file_list', label: 'Fotky', constraints: { max_count: 10 }, required: false },
  { key: 'documents', type: 'file_list', label: 'Dokumenty', constraints: { max_count: 10 }, required: false },
  { key: 'archive', type: 'file', label: 'Archiv', required: false },
];

/** A 12 MiB PDF (the disconnect and size-limit tests need files larger than the sockets' buffers). */
const bigFile = (fill: number) => Buffer.concat([pdf(), Buffer.alloc(12 * MIB, fill)]);

describe('GET /v1/intakes/:id/download (real Postgres, Redis and storage directory)', () => {
  const api = useApi({
    LOG_LEVEL: 'debug',
    SECRETS_KEY: `dl-1:${'cd'.repeat(32)}`,
    DOWNLOAD_MAX_BYTES: String(20 * MIB),
  });
  let owner: Owner;
  let member: Session;
  let work: string;

  beforeAll(async () => {
    owner = await api.owner({ plan: 'agency' });
    member = await api.client.logIn((await inviteMember(api, owner.session)).email);
    work = await mkdtemp(join(tmpdir(), 'intake-download-'));
  });
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  const newIntake = async (projectName = 'Pekárna Žižkov') => {
    const created = await api.client.asKey(owner.key, {
      method: 'POST',
      url: '/v1/intakes',
      payload: { project_name: projectName, client: { email: 'anna@pekarna.example', name: 'Anna' }, items: ITEMS },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    return { id: body.intake_id as string, slug: (body.portal_url as string).split('/').pop() as string };
  };
  const submit = async (slug: string, key: string, value: unknown) =>
    expect(
      (await api.client.request({ method: 'PUT', url: `/portal/v1/${slug}/items/${key}`, payload: { value } }))
        .statusCode,
    ).toBe(200);
  const upload = async (slug: string, key: string, name: string, bytes: Buffer) => {
    const response = await api.client.request({
      method: 'POST',
      url: `/portal/v1/${slug}/items/${key}/files`,
      ...multipart('file', name, bytes),
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ file: { id: string } }>().file.id;
  };
  const asSession = (session: Session, url: string) => api.client.asSession(session, { method: 'GET', url });
  const asKey = (key: string, url: string) => api.client.asKey(key, { method: 'GET', url });

  /** The ZIP unpacked by Info-ZIP's unzip: entry names and a reader of each. */
  const unpack = async (zip: Buffer) => {
    const dir = await mkdtemp(join(work, 'zip-'));
    await writeFile(join(dir, 'download.zip'), zip);
    const { stdout } = await run('zipinfo', ['-1', join(dir, 'download.zip')]);
    await run('unzip', ['-q', join(dir, 'download.zip'), '-d', join(dir, 'out')]);
    const entries = stdout.split('\n').filter(Boolean);
    const read = (entry: string) => readFile(join(dir, 'out', entry));
    const pdfText = async () =>
      (await run('pdftotext', ['-enc', 'UTF-8', join(dir, 'out', 'podklady.pdf'), '-'])).stdout;
    return { entries, read, pdfText, dir };
  };

  it('streams the uploads as submitted, the reports and the manifest; every entry checks out by SHA-256', async () => {
    const { id, slug } = await newIntake();
    await submit(slug, 'password', SECRET);
    await submit(slug, 'about', `Pečeme chleba. ${DIACRITICS}`);
    await submit(slug, 'budget', 1200.5);
    await submit(slug, 'colours', ['modrá', 'červená']);
    // [item, the client's name, bytes, the name as stored when a test puts one there directly]
    const uploads: Array<[string, string, Buffer, string?]> = [
      ['photos', 'fotka žluťoučká.png', png(16, 12)],
      ['photos', 'a.png', png(8, 8)],
      ['photos', 'a.png', png(9, 9)],
      ['documents', '../../etc/passwd', pdf('passwd')],
      ['documents', '/abs/path', pdf('abs')],
      ['documents', 'zlý\u0000\u0001\u0007název\u202e.pdf', pdf('controls')],
      // The upload keeps only a name's last part; a name stored otherwise is made safe by the ZIP's rules too.
      ['documents', 'win.pdf', pdf('win'), '..\\..\\Windows\\win.ini'],
      ['archive', 'archiv.pdf', pdf('archive')],
    ];
    const ids: string[] = [];
    for (const [key, name, bytes, storedAs] of uploads) {
      const fileId = await upload(slug, key, name, bytes);
      ids.push(fileId);
      if (storedAs) await api.db.query(`UPDATE files SET filename = $2 WHERE id = $1`, [fileId, storedAs]);
    }
    const stored = new Map(
      (await api.db.query(`SELECT id, filename FROM files WHERE intake_id = $1`, [id])).rows.map((r) => [
        r.id as string,
        r.filename as string,
      ]),
    );
    // One still being scanned: left out, and named in both reports.
    const pending = await upload(slug, 'documents', 'čeká-na-sken.pdf', pdf('pending'));
    await api.db.query(`UPDATE files SET av_status = 'pending' WHERE id = $1`, [pending]);

    const response = await asSession(owner.session, `/v1/intakes/${id}/download`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const filename = `podklady-pekarna-zizkov-${id}.zip`;
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${filename}"; filename*=UTF-8''${filename}`,
    );
    const zip = await unpack(response.rawPayload);

    // Hostile names land safely inside their item's folder; a repeated name is numbered.
    expect([...zip.entries].sort()).toEqual(
      [
        'photos/fotka žluťoučká.png',
        'photos/a.png',
        'photos/a (2).png',
        'documents/passwd',
        'documents/path',
        'documents/zlýnázev.pdf',
        'documents/win.ini',
        'archive/archiv.pdf',
        'podklady.md',
        'manifest.json',
        'podklady.pdf',
      ].sort(),
    );
    const manifest = JSON.parse((await zip.read('manifest.json')).toString('utf8'));
    expect(manifest.files).toHaveLength(uploads.length);
    for (const [index, [key, , bytes]] of uploads.entries()) {
      const entry = manifest.files[index];
      const filename = stored.get(ids[index] as string);
      expect(entry).toMatchObject({ item_key: key, filename, size: bytes.length, av_status: 'clean' });
      const unpacked = await zip.read(entry.path);
      expect(sha256(unpacked)).toBe(entry.sha256);
      expect(entry.sha256).toBe(sha256(bytes)); // byte for byte what the client sent
    }
    const markdown = await zip.read('podklady.md');
    expect(manifest.reports).toEqual([{ path: 'podklady.md', sha256: sha256(markdown) }]);
    expect(manifest.skipped_files).toEqual([
      { item_key: 'documents', filename: 'čeká-na-sken.pdf', av_status: 'pending' },
    ]);

    const md = markdown.toString('utf8');
    const text = await zip.pdfText();
    for (const report of [md, text]) {
      expect(report).toContain('Pekárna Žižkov');
      expect(report).toContain(DIACRITICS);
      expect(report).toContain('modrá, červená');
      expect(report).toContain('O vás');
      expect(report).toContain('čeká-na-sken.pdf');
      expect(report).toContain('photos/fotka žluťoučká.png');
      expect(report).not.toContain(SECRET);
    }
    expect(md).not.toContain('\u202e');
    expect(text).toMatch(/1[,.\s\u00a0]?200[,.]5/); // the budget, written the account's way
    // The PDF's last line: the manifest's own SHA-256.
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    expect(lines.at(-1)).toContain(sha256(await zip.read('manifest.json')));

    // Audited; nothing consumed (the secret is still there to reveal).
    const audit = await asSession(owner.session, '/v1/audit');
    const downloaded = audit
      .json<{ entries: Array<{ action: string }> }>()
      .entries.filter((e) => e.action === 'intake.downloaded');
    expect(downloaded).toHaveLength(1);
    const preflight = await asKey(owner.key, `/v1/intakes/${id}/download/preflight`);
    expect(preflight.json().secrets).toEqual({ total: 1, unrevealed: 1, already_revealed: 0 });
    const delivered = await api.db.query(`SELECT delivered_at FROM intakes WHERE id = $1`, [id]);
    expect(delivered.rows[0].delivered_at).toBeInstanceOf(Date);
  }, 60_000);

  it('include_secrets: the owner or a key with secrets:read, else 403 secrets_owner_only; the value once, in the PDF only', async () => {
    const { id, slug } = await newIntake();
    await submit(slug, 'password', SECRET);
    const url = `/v1/intakes/${id}/download?include_secrets=true`;
    const reader = (await api.client.createKey(owner.session, ['intakes:read'])).key;
    for (const refused of [await asSession(member, url), await asKey(reader, url)]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'forbidden', reason: 'secrets_owner_only' });
    }
    // A member may download without secrets.
    expect((await asSession(member, `/v1/intakes/${id}/download`)).statusCode).toBe(200);

    const first = await unpack((await asSession(owner.session, url)).rawPayload);
    expect(await first.pdfText()).toContain(SECRET);
    expect((await first.read('podklady.md')).toString('utf8')).not.toContain(SECRET);

    // Consumed: a second download, even by a key with secrets:read, says when it was revealed.
    const secretsReader = (await api.client.createKey(owner.session, ['intakes:read', 'secrets:read'])).key;
    const second = await unpack((await asKey(secretsReader, url)).rawPayload);
    const text = await second.pdfText();
    expect(text).not.toContain(SECRET);
    expect(text).toMatch(/revealed on/);
    const row = await api.db.query(`SELECT value FROM items WHERE intake_id = $1 AND key = 'password'`, [id]);
    expect(row.rows[0].value).toBeNull();
    const audit = await asSession(owner.session, '/v1/audit');
    const revealed = audit
      .json<{ entries: Array<{ action: string; summary?: unknown }> }>()
      .entries.filter((e) => e.action === 'item.secret_revealed');
    expect(revealed).toHaveLength(1);
  }, 60_000);

  it('answers 413 download_too_large above DOWNLOAD_MAX_BYTES (the preflight says too_large), 404 for another account', async () => {
    const { id, slug } = await newIntake('Velký projekt');
    await upload(slug, 'archive', 'one.pdf', bigFile(1));
    await upload(slug, 'documents', 'two.pdf', bigFile(2));
    const response = await asKey(owner.key, `/v1/intakes/${id}/download`);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'download_too_large' });
    expect((await asKey(owner.key, `/v1/intakes/${id}/download/preflight`)).json()).toMatchObject({
      too_large: true,
      max_bytes: 20 * MIB,
    });
    const stranger = await api.owner();
    expect((await asKey(stranger.key, `/v1/intakes/${id}/download`)).statusCode).toBe(404);
  }, 30_000);

  it('a client that disconnects mid-download leaves no storage stream open and consumes no secret', async () => {
    const { id, slug } = await newIntake();
    await submit(slug, 'password', SECRET);
    await upload(slug, 'archive', 'big.pdf', bigFile(3));
    const storageDir = (api.t.config.storage as { dir: string }).dir;
    /** Descriptors of this process (the api runs in it) open on files of the storage directory. */
    const openInStorage = async () => {
      const fds = await readdir('/proc/self/fd');
      const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
      return targets.filter((target) => target.startsWith(storageDir)).length;
    };
    await api.t.app.listen(0, '127.0.0.1');
    const base = (await api.t.app.getUrl()).replace('[::1]', '127.0.0.1');
    const received = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${base}/v1/intakes/${id}/download?include_secrets=true`, {
        headers: { authorization: `Bearer ${owner.key}` },
      });
      req.on('error', () => undefined);
      req.on('response', (res) => {
        res.once('data', (chunk: Buffer) => {
          res.pause(); // a slow reader: back-pressure holds the rest in storage
          openInStorage().then((open) => {
            try {
              expect(res.statusCode).toBe(200);
              expect(open).toBe(1); // the upload is being read…
            } catch (error) {
              reject(error);
            }
            req.destroy(); // …when the client goes away
            resolve(chunk.length);
          }, reject);
        });
      });
      req.end();
    });
    expect(received).toBeGreaterThan(0);
    for (let i = 0; i < 100 && (await openInStorage()) > 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(await openInStorage()).toBe(0);
    // The secrets are released only once every file went out: still there.
    const preflight = await asKey(owner.key, `/v1/intakes/${id}/download/preflight`);
    expect(preflight.json().secrets).toMatchObject({ unrevealed: 1, already_revealed: 0 });
  }, 30_000);

  it('after every download above, a pg_dump and the logs hold no secret', async () => {
    const { stdout: dump } = await run('pg_dump', ['--no-owner', '--inserts', api.environment.db.url], {
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(dump).toContain('intake.downloaded');
    const logs = api.t.logs.lines.join('\n');
    for (const text of [dump, logs]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(Buffer.from(SECRET).toString('base64'));
    }
  });
});
