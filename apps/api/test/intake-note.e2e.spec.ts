import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Owner, useApi } from './api-test-app';

const run = promisify(execFile);

/** Czech letters the PDF must render and the Markdown keep. */
const NOTE = 'Faktury pošle účetní v pátek; žluťoučký kůň čeká.';

/**
 * The client's note on the whole intake (issue #29, item 7): PUT /portal/v1/:slug/note, shown to
 * the client in the portal view and to the owner in the intake's detail, in results and in the
 * download's reports.
 */
describe('the client’s note on the whole intake (real Postgres, Redis and storage directory)', () => {
  const api = useApi({ TEST_CLOCK: 'enabled', TRUST_PROXY: 'false' });
  let owner: Owner;

  beforeAll(async () => {
    owner = await api.owner({ plan: 'agency' });
  });

  const newIntake = async (payload: Record<string, unknown> = {}) => {
    const created = await api.client.asKey(owner.key, {
      method: 'POST',
      url: '/v1/intakes',
      payload: {
        project_name: 'Účetnictví 2026',
        client: { email: 'jana@firma.example', name: 'Jana', language: 'cs' },
        items: [
          { key: 'about', type: 'text', label: 'O firmě' },
          { key: 'extra', type: 'text', label: 'Něco navíc', required: false },
        ],
        ...payload,
      },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    return { id: body.intake_id as string, slug: (body.portal_url as string).split('/').pop() as string };
  };
  const putNote = (slug: string, payload: unknown, remoteAddress?: string) =>
    api.client.request({
      method: 'PUT',
      url: `/portal/v1/${slug}/note`,
      payload: payload as object,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const detailOf = async (id: string) =>
    (await api.client.asKey(owner.key, { method: 'GET', url: `/v1/intakes/${id}` })).json();
  const outboxCount = async (id: string) =>
    (
      await api.db.query(`SELECT count(*)::int AS n FROM outbox_messages WHERE payload->'payload'->>'intake_id' = $1`, [
        id,
      ])
    ).rows[0].n as number;

  it('stores it trimmed and shows it to the client, in the owner’s detail and in results; no event, audited', async () => {
    const { id, slug } = await newIntake();
    const events = await outboxCount(id);
    const response = await putNote(slug, { note: `  ${NOTE}\n` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ project_name: 'Účetnictví 2026', client_note: NOTE });
    // No webhook event, no owner mail: the note is read with the intake.
    expect(await outboxCount(id)).toBe(events);
    expect((await api.client.request({ method: 'GET', url: `/portal/v1/${slug}` })).json().client_note).toBe(NOTE);

    const detail = await detailOf(id);
    expect(detail.intake.client_note).toBe(NOTE);
    // Item notes are apart from it.
    expect(detail.items.map((i: { client_note: string | null }) => i.client_note)).toEqual([null, null]);

    const results = await api.client.asKey(owner.key, {
      method: 'GET',
      url: `/v1/intakes/${id}/results?include_pending=true`,
    });
    expect(results.statusCode).toBe(200);
    expect(results.json()).toMatchObject({ intake_id: id, client_note: NOTE });
    const onlyNew = await api.client.asKey(owner.key, {
      method: 'GET',
      url: `/v1/intakes/${id}/results?only_new=true`,
    });
    expect(onlyNew.json().client_note).toBe(NOTE);

    const audit = (await api.client.asKey(owner.key, { method: 'GET', url: '/v1/audit?limit=100' })).json();
    const entry = audit.entries.find((e: { action: string; target_id: string }) => e.action === 'intake.client_note');
    expect(entry).toMatchObject({ target_id: id, summary: { intake_id: id, length: NOTE.length } });
    expect(JSON.stringify(audit)).not.toContain('účetní');
  });

  it('clears it with null, an empty or a blank note; 2,000 characters fit, 2,001 are 422 on note', async () => {
    const { id, slug } = await newIntake();
    for (const cleared of [{ note: null }, { note: '' }, { note: ' \n ' }, {}]) {
      expect((await putNote(slug, { note: 'x' })).statusCode).toBe(200);
      const response = await putNote(slug, cleared);
      expect([JSON.stringify(cleared), response.statusCode, response.json().client_note]).toEqual([
        JSON.stringify(cleared),
        200,
        null,
      ]);
      expect((await detailOf(id)).intake.client_note).toBeNull();
    }
    expect((await putNote(slug, { note: 'ž'.repeat(2000) })).json().client_note).toHaveLength(2000);
    for (const refused of [{ note: 'a'.repeat(2001) }, { note: 42 }, { note: ['a'] }, { note: 'x', extra: true }]) {
      const response = await putNote(slug, refused);
      expect([response.statusCode, response.json().error, response.json().reason]).toEqual([
        422,
        'unprocessable',
        'validation_failed',
      ]);
      expect(response.json().details.map((d: { path: string }) => d.path)).toEqual([
        'extra' in refused ? 'extra' : 'note',
      ]);
    }
    expect((await detailOf(id)).intake.client_note).toHaveLength(2000);
  });

  it('is 404 for an unknown, malformed or draft link and 409 intake_archived for an archived intake; a completed one takes it', async () => {
    const draft = await newIntake({ send: false });
    for (const slug of ['A'.repeat(22), 'short', draft.slug]) {
      const response = await putNote(slug, { note: 'x' });
      expect([slug, response.statusCode, response.json().error]).toEqual([slug, 404, 'not_found']);
    }
    expect((await detailOf(draft.id)).intake.client_note).toBeNull();

    const done = await newIntake();
    const submitted = await api.client.request({
      method: 'PUT',
      url: `/portal/v1/${done.slug}/items/about`,
      payload: { value: 'Pekárna' },
    });
    expect(submitted.json().status).toBe('completed');
    expect((await putNote(done.slug, { note: 'Děkujeme!' })).json()).toMatchObject({
      status: 'completed',
      client_note: 'Děkujeme!',
    });

    await api.client.asKey(owner.key, { method: 'POST', url: `/v1/intakes/${done.id}/archive` });
    const archived = await putNote(done.slug, { note: 'pozdě' });
    expect([archived.statusCode, archived.json().reason]).toEqual([409, 'intake_archived']);
    expect((await detailOf(done.id)).intake.client_note).toBe('Děkujeme!');
  });

  it('is throttled like its neighbours: a client address that guessed 20 links gets 429, the client does not', async () => {
    const { slug } = await newIntake();
    const guesser = '203.0.113.29';
    for (let i = 0; i < 20; i += 1) {
      const guess = `${String(i).padStart(2, '0')}${'n'.repeat(20)}`;
      expect((await putNote(guess, { note: 'x' }, guesser)).statusCode).toBe(404);
    }
    const throttled = await putNote(slug, { note: 'x' }, guesser);
    expect([throttled.statusCode, throttled.json().reason]).toEqual([429, 'portal_throttled']);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await putNote(slug, { note: 'od klienta' }, '198.51.100.7')).statusCode).toBe(200);
  });

  it('is in both reports of the download: podklady.md and podklady.pdf', async () => {
    const { id, slug } = await newIntake();
    await putNote(slug, { note: NOTE });
    const work = await mkdtemp(join(tmpdir(), 'intake-note-'));
    try {
      const response = await api.client.asSession(owner.session, { method: 'GET', url: `/v1/intakes/${id}/download` });
      expect(response.statusCode).toBe(200);
      await writeFile(join(work, 'download.zip'), response.rawPayload);
      await run('unzip', ['-q', join(work, 'download.zip'), '-d', join(work, 'out')]);
      const markdown = await readFile(join(work, 'out', 'podklady.md'), 'utf8');
      expect(markdown).toContain(NOTE);
      const pdfText = (await run('pdftotext', ['-enc', 'UTF-8', join(work, 'out', 'podklady.pdf'), '-'])).stdout;
      expect(pdfText.replace(/\s+/g, ' ')).toContain(NOTE);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
