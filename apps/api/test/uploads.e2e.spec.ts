import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { planOf } from '@intake/domain-accounts';
import { HEIC_PHOTO, multipart, pdf, png } from '@intake/testing';
import { type AccountsClient } from './accounts-client';
import { useApi } from './api-test-app';

const ITEMS = [
  { key: 'logo', type: 'image', label: 'Logo', constraints: { min_width: 100, transparent_background: true } },
  { key: 'contract', type: 'file', label: 'Contract', constraints: { formats: ['pdf'], max_bytes: 5000 } },
  { key: 'photos', type: 'file_list', label: 'Photos', constraints: { min_count: 2, max_count: 3 } },
  { key: 'about', type: 'text', label: 'About', required: false },
];

describe('uploads through the portal, and downloads (real Postgres, Redis and storage directory)', () => {
  const api = useApi({ PUBLIC_BASE_URL: 'http://api.test' });
  let key: string;
  let accountId: string;
  let session: Awaited<ReturnType<AccountsClient['owner']>>['session'];

  beforeAll(async () => {
    const owner = await api.client.owner();
    accountId = owner.accountId;
    session = owner.session;
    await api.db.query(`UPDATE accounts SET plan = 'agency' WHERE id = $1`, [accountId]);
    key = (await api.client.createKey(owner.session, ['admin'])).key;
  });

  const newIntake = async (overrides: object = {}) => {
    const response = await api.client.asKey(key, {
      method: 'POST',
      url: '/v1/intakes',
      payload: {
        project_name: 'Bakery',
        client: { email: 'anna@bakery.example', name: 'Anna' },
        items: ITEMS,
        ...overrides,
      },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    return { id: created.intake_id as string, slug: (created.portal_url as string).split('/').pop() as string };
  };
  const upload = (slug: string, item: string, name: string, content: Buffer, field = 'file') => {
    const body = multipart(field, name, content);
    return api.client.request({
      method: 'POST',
      url: `/portal/v1/${slug}/items/${item}/files`,
      payload: body.payload,
      headers: body.headers,
    });
  };
  const submit = (slug: string, item: string) =>
    api.client.request({ method: 'POST', url: `/portal/v1/${slug}/items/${item}/submit` });
  const detail = async (id: string) =>
    (await api.client.asKey(key, { method: 'GET', url: `/v1/intakes/${id}` })).json();
  const usage = async () =>
    Number(
      (await api.db.query(`SELECT storage_bytes_used FROM accounts WHERE id = $1`, [accountId])).rows[0]
        .storage_bytes_used,
    );
  const storedSum = async () =>
    Number(
      (await api.db.query(`SELECT coalesce(sum(size), 0) AS s FROM files WHERE account_id = $1`, [accountId])).rows[0]
        .s,
    );
  const objects = async (intakeId: string, folder = 'files') => {
    if (api.t.config.storage.driver !== 'fs') throw new Error('these tests read the fs storage directory');
    return readdir(join(api.t.config.storage.dir, 'intakes', intakeId, folder)).catch(() => [] as string[]);
  };

  it('stores an image, measures it, shows it to owner and client, and serves it through a signed URL', async () => {
    const { id, slug } = await newIntake();
    const image = png(120, 60, { alpha: true });
    const response = await upload(slug, 'logo', 'logo.png', image);
    expect(response.statusCode).toBe(201);
    const file = response.json().file;
    expect(file).toMatchObject({
      filename: 'logo.png',
      mime: 'image/png',
      size: image.length,
      width: 120,
      height: 60,
      av_status: 'clean',
    });

    const logo = (await detail(id)).items.find((i: { key: string }) => i.key === 'logo');
    expect(logo.files).toEqual([
      expect.objectContaining({
        id: file.id,
        checksum_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        av_status: 'clean',
      }),
    ]);
    expect(logo.status).toBe('pending');
    const portalLogo = (await api.client.request({ method: 'GET', url: `/portal/v1/${slug}` }))
      .json()
      .items.find((i: { key: string }) => i.key === 'logo');
    expect(portalLogo.files).toEqual([expect.objectContaining({ id: file.id, av_status: 'clean' })]);

    const download = await api.client.asKey(key, {
      method: 'GET',
      url: `/v1/intakes/${id}/items/logo/files/${file.id}`,
    });
    expect(download.statusCode).toBe(302);
    const location = new URL(download.headers.location as string);
    expect(location.origin).toBe('http://api.test');
    const served = await api.t.app.inject({ method: 'GET', url: `${location.pathname}${location.search}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('judges the format by the content, not the name, and leaves nothing behind on refusal', async () => {
    const { id, slug } = await newIntake();
    const before = await usage();
    const response = await upload(slug, 'contract', 'contract.pdf', png(10, 10));
    expect(response.statusCode).toBe(422);
    expect(response.json().details).toEqual([{ path: 'file.extension', message: 'must be one of pdf' }]);
    expect(await objects(id)).toEqual([]);
    expect(await usage()).toBe(before);
    expect((await upload(slug, 'contract', 'scan.png', pdf())).statusCode).toBe(201);
  });

  it('enforces max_bytes while streaming (422 file.too_large), and min_width and transparency', async () => {
    const { id, slug } = await newIntake();
    const big = Buffer.concat([pdf(), Buffer.alloc(6000, 32)]);
    const tooBig = await upload(slug, 'contract', 'big.pdf', big);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json()).toMatchObject({ reason: 'file.too_large', params: { max_bytes: 5000 } });
    expect(await objects(id)).toEqual([]);

    const narrow = await upload(slug, 'logo', 'small.png', png(50, 10, { alpha: true }));
    expect(narrow.statusCode).toBe(422);
    expect(narrow.json().details).toEqual([{ path: 'file.width', message: 'must be at least 100 pixels' }]);
    const opaque = await upload(slug, 'logo', 'opaque.png', png(150, 10));
    expect(opaque.json().details).toEqual([{ path: 'file.hasAlpha', message: 'must have a transparent background' }]);
  });

  it('applies the count rules at submit, emits item.submitted with file_count and completes the intake', async () => {
    const { id, slug } = await newIntake();
    expect((await upload(slug, 'photos', 'a.png', png(10, 10))).statusCode).toBe(201);
    const tooFew = await submit(slug, 'photos');
    expect(tooFew.statusCode).toBe(422);
    expect(tooFew.json().details).toEqual([{ path: 'files', message: 'must contain at least 2 files' }]);
    await upload(slug, 'photos', 'b.png', png(10, 10));
    await upload(slug, 'photos', 'c.png', png(10, 10));
    const fourth = await upload(slug, 'photos', 'd.png', png(10, 10));
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().details[0]).toMatchObject({ path: 'file' });

    const submitted = await submit(slug, 'photos');
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().items.find((i: { key: string }) => i.key === 'photos').status).toBe('submitted');
    const events = await api.db.query(
      `SELECT payload->'payload' AS p FROM outbox_messages WHERE payload->'payload'->>'intake_id' = $1 AND payload->'payload'->>'event' = 'item.submitted'`,
      [id],
    );
    expect(events.rows.map((r) => r.p)).toEqual([
      expect.objectContaining({ item_key: 'photos', item_type: 'file_list', file_count: 3 }),
    ]);

    await upload(slug, 'logo', 'logo.png', png(100, 100, { alpha: true }));
    await submit(slug, 'logo');
    await upload(slug, 'contract', 'c.pdf', pdf());
    const last = await submit(slug, 'contract');
    expect(last.json().status).toBe('completed');

    // Changing the files of a submitted item un-submits it (and reopens the intake).
    const photo = (await detail(id)).items.find((i: { key: string }) => i.key === 'photos').files[0];
    const removed = await api.client.request({
      method: 'DELETE',
      url: `/portal/v1/${slug}/items/photos/files/${photo.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const after = await detail(id);
    expect(after.intake.status).toBe('in_progress');
    expect(after.items.find((i: { key: string }) => i.key === 'photos')).toMatchObject({ status: 'pending' });
  });

  it('replaces the one file of a file item, converts HEIC to JPEG, and keeps storage use exact', async () => {
    const { id, slug } = await newIntake({
      items: [{ key: 'photo', type: 'image', label: 'Photo' }],
    });
    const first = (await upload(slug, 'photo', 'one.png', png(30, 30))).json().file;
    const heic = await upload(slug, 'photo', 'IMG_0042.HEIC', HEIC_PHOTO);
    expect(heic.statusCode).toBe(201);
    expect(heic.json().file).toMatchObject({ filename: 'IMG_0042.jpg', mime: 'image/jpeg', width: 64, height: 48 });
    const files = (await detail(id)).items[0].files;
    expect(files.map((f: { id: string }) => f.id)).toEqual([heic.json().file.id]);
    expect(files.map((f: { id: string }) => f.id)).not.toContain(first.id);
    expect(await objects(id)).toEqual([heic.json().file.id]);
    expect(await usage()).toBe(await storedSum());

    expect((await api.client.asKey(key, { method: 'DELETE', url: `/v1/intakes/${id}` })).statusCode).toBe(204);
    expect(await usage()).toBe(await storedSum());
  });

  it('refuses writes to an archived intake (409) while the portal still reads', async () => {
    const { id, slug } = await newIntake();
    const kept = (await upload(slug, 'photos', 'a.png', png(10, 10))).json().file;
    await api.client.asKey(key, { method: 'POST', url: `/v1/intakes/${id}/archive` });
    for (const response of [
      await upload(slug, 'photos', 'b.png', png(10, 10)),
      await submit(slug, 'photos'),
      await api.client.request({ method: 'DELETE', url: `/portal/v1/${slug}/items/photos/files/${kept.id}` }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'conflict', reason: 'intake_archived' });
    }
    expect((await api.client.request({ method: 'GET', url: `/portal/v1/${slug}` })).statusCode).toBe(200);
  });

  it('answers bad upload requests with 422 naming file, and unknown links with the portal 404', async () => {
    const { slug } = await newIntake();
    const json = await api.client.request({
      method: 'POST',
      url: `/portal/v1/${slug}/items/photos/files`,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json().details).toEqual([expect.objectContaining({ path: 'file' })]);
    const wrongField = await upload(slug, 'photos', 'a.png', png(5, 5), 'document');
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().details[0].path).toBe('file');
    const valueItem = await upload(slug, 'about', 'a.png', png(5, 5));
    expect(valueItem.statusCode).toBe(422);
    expect((await upload(slug, 'nope', 'a.png', png(5, 5))).json()).toMatchObject({ reason: 'item_not_found' });
    const unknown = await upload('AAAAAAAAAAAAAAAAAAAAAA', 'photos', 'a.png', png(5, 5));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such portal link.');
  });

  it('is 402 when the storage quota is used up, and counts nothing', async () => {
    const { id, slug } = await newIntake();
    await api.db.query(`UPDATE accounts SET storage_bytes_used = storage_bytes_used + $2 WHERE id = $1`, [
      accountId,
      planOf('agency').quotas.storage_bytes - 100,
    ]);
    try {
      const response = await upload(slug, 'contract', 'c.pdf', pdf());
      expect(response.statusCode).toBe(402);
      expect(response.json()).toMatchObject({ error: 'quota_exceeded', reason: 'storage' });
      expect(await objects(id)).toEqual([]);
      const body = multipart('file', 'brief.pdf', pdf());
      const brief = await api.client.asKey(key, {
        method: 'POST',
        url: `/v1/intakes/${id}/brief/files`,
        payload: body.payload,
        headers: body.headers,
      });
      expect(brief.statusCode).toBe(402);
      expect(brief.json()).toMatchObject({ error: 'quota_exceeded', reason: 'storage' });
      expect(await objects(id, 'brief')).toEqual([]);
    } finally {
      await api.db.query(`UPDATE accounts SET storage_bytes_used = storage_bytes_used - $2 WHERE id = $1`, [
        accountId,
        planOf('agency').quotas.storage_bytes - 100,
      ]);
    }
  });

  it('keeps another account and a test key away from the files (404)', async () => {
    const { id, slug } = await newIntake();
    const file = (await upload(slug, 'contract', 'c.pdf', pdf())).json().file;
    const other = await api.client.owner();
    const otherKey = (await api.client.createKey(other.session, ['admin'])).key;
    const url = `/v1/intakes/${id}/items/contract/files/${file.id}`;
    expect((await api.client.asKey(otherKey, { method: 'GET', url })).statusCode).toBe(404);
    const testKey = (await api.client.createKey(session, ['admin'], 'test')).key;
    expect((await api.client.asKey(testKey, { method: 'GET', url })).statusCode).toBe(404);
    expect(
      (
        await api.client.asKey(key, {
          method: 'GET',
          url: `/v1/intakes/${id}/items/contract/files/fil_AAAAAAAAAAAAAAAAAAAAAA`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await api.client.asKey(key, { method: 'GET', url: `/v1/intakes/${id}/items/logo/files/${file.id}` })).statusCode,
    ).toBe(404);
  });

  it('a definition change that invalidates submitted files is 409 unless discarded, which removes them', async () => {
    const { id, slug } = await newIntake();
    await upload(slug, 'contract', 'c.pdf', pdf());
    const patch = (payload: object) =>
      api.client.asKey(key, { method: 'PATCH', url: `/v1/intakes/${id}/items/contract`, payload });
    // Not yet submitted: nothing to discard, the rules apply at submit.
    expect((await patch({ label: 'Signed contract' })).statusCode).toBe(200);
    await submit(slug, 'contract');
    const before = await usage();
    const refused = await patch({ constraints: { formats: ['docx'] } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'item_answer_would_be_discarded' });
    const discarded = await patch({ constraints: { formats: ['docx'] }, discard_submitted_value: true });
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json().item).toMatchObject({ status: 'pending', files: [] });
    expect(await usage()).toBeLessThan(before);
    expect(await objects(id)).toEqual([]);
  });

  it('over real HTTP, a refused large upload gets its error and the connection stays usable', async () => {
    const { slug } = await newIntake();
    await api.t.app.listen(0, '127.0.0.1');
    const base = (await api.t.app.getUrl()).replace('[::1]', '127.0.0.1');
    const send = async (item: string, content: Buffer) => {
      const body = multipart('file', 'big.pdf', content);
      const response = await fetch(`${base}/portal/v1/${slug}/items/${item}/files`, {
        method: 'POST',
        headers: body.headers,
        body: body.payload,
      });
      return { status: response.status, json: (await response.json()) as { reason?: string } };
    };
    const big = Buffer.concat([pdf(), Buffer.alloc(8 * 1024 * 1024, 32)]);
    expect(await send('about', big)).toMatchObject({ status: 422 }); // a value item: refused before reading
    expect(await send('contract', big)).toMatchObject({ status: 422, json: { reason: 'file.too_large' } });
    expect(await send('nope', big)).toMatchObject({ status: 404 });
    // The same keep-alive connection carries on (and closing the app below does not hang on one).
    expect(await send('contract', pdf())).toMatchObject({ status: 201 });
  });

  describe('brief files', () => {
    const addBrief = (id: string, name: string, content: Buffer, as = key) => {
      const body = multipart('file', name, content);
      return api.client.asKey(as, {
        method: 'POST',
        url: `/v1/intakes/${id}/brief/files`,
        payload: body.payload,
        headers: body.headers,
      });
    };

    it('attaches, lists, serves (owner and client) and removes a brief file, counting its bytes exactly', async () => {
      const { id, slug } = await newIntake();
      const before = await usage();
      const brief = pdf('Moodboard');
      const added = await addBrief(id, 'moodboard.pdf', brief);
      expect(added.statusCode).toBe(201);
      const file = added.json().file;
      expect(file).toEqual({
        id: expect.stringMatching(/^bff_/),
        filename: 'moodboard.pdf',
        mime: 'application/pdf',
        size: brief.length,
        av_status: 'clean',
        created_at: expect.any(String),
      });
      expect(await usage()).toBe(before + brief.length);
      expect((await detail(id)).intake.brief_files).toEqual([file]);

      const url = await api.client.asKey(key, { method: 'GET', url: `/v1/intakes/${id}/brief/files/${file.id}/url` });
      expect(url.statusCode).toBe(302);
      const view = (await api.client.request({ method: 'GET', url: `/portal/v1/${slug}` })).json();
      expect(view.brief_files).toEqual([
        {
          id: file.id,
          filename: 'moodboard.pdf',
          mime: 'application/pdf',
          size: brief.length,
          url: `/portal/v1/${slug}/brief/files/${file.id}`,
        },
      ]);
      const forClient = await api.client.request({ method: 'GET', url: view.brief_files[0].url });
      expect(forClient.statusCode).toBe(302);
      const location = new URL(forClient.headers.location as string);
      const served = await api.t.app.inject({ method: 'GET', url: `${location.pathname}${location.search}` });
      expect(served.rawPayload.equals(brief)).toBe(true);

      const removed = await api.client.asKey(key, {
        method: 'DELETE',
        url: `/v1/intakes/${id}/brief/files/${file.id}`,
      });
      expect(removed.statusCode).toBe(204);
      expect(await usage()).toBe(before);
      expect(await objects(id, 'brief')).toEqual([]);
      expect(
        (await api.client.asKey(key, { method: 'DELETE', url: `/v1/intakes/${id}/brief/files/${file.id}` })).statusCode,
      ).toBe(404);
    });

    it('takes at most 10 brief files (the 11th is 422)', async () => {
      const { id } = await newIntake();
      for (let i = 0; i < 10; i++) expect((await addBrief(id, `f${i}.pdf`, pdf(`p${i}`))).statusCode).toBe(201);
      const eleventh = await addBrief(id, 'f10.pdf', pdf());
      expect(eleventh.statusCode).toBe(422);
      expect(eleventh.json().details).toEqual([
        { path: 'file', message: 'cannot be added: an intake has at most 10 brief files' },
      ]);
      expect(await objects(id, 'brief')).toHaveLength(10);
    });

    it('is 409 intake_archived on an archived intake, 404 for another account, 403 without intakes:write', async () => {
      const { id } = await newIntake();
      const file = (await addBrief(id, 'a.pdf', pdf())).json().file;
      const other = await api.client.owner();
      const otherKey = (await api.client.createKey(other.session, ['admin'])).key;
      expect((await addBrief(id, 'b.pdf', pdf(), otherKey)).statusCode).toBe(404);
      expect(
        (await api.client.asKey(otherKey, { method: 'GET', url: `/v1/intakes/${id}/brief/files/${file.id}/url` }))
          .statusCode,
      ).toBe(404);
      const readOnly = (await api.client.createKey(session, ['intakes:read'])).key;
      expect((await addBrief(id, 'b.pdf', pdf(), readOnly)).statusCode).toBe(403);

      await api.client.asKey(key, { method: 'POST', url: `/v1/intakes/${id}/archive` });
      const archived = await addBrief(id, 'b.pdf', pdf());
      expect(archived.statusCode).toBe(409);
      expect(archived.json()).toMatchObject({ reason: 'intake_archived' });
      const deleted = await api.client.asKey(key, {
        method: 'DELETE',
        url: `/v1/intakes/${id}/brief/files/${file.id}`,
      });
      expect(deleted.statusCode).toBe(409);
      expect(
        (await api.client.asKey(key, { method: 'GET', url: `/v1/intakes/${id}/brief/files/${file.id}/url` }))
          .statusCode,
      ).toBe(302);
    });
  });
});
