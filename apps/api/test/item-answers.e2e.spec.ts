import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { multipart, pdf, png } from '@intake/testing';
import { useApi } from './api-test-app';

const ITEMS = [
  { key: 'contract', type: 'file', label: 'Contract', constraints: { formats: ['pdf'] } },
  { key: 'logo', type: 'image', label: 'Logo' },
  { key: 'style', type: 'select', label: 'Style', options: ['clean', 'bold'] },
  { key: 'about', type: 'longtext', label: 'About you', constraints: { max_chars: 500 } },
];

interface Item {
  key: string;
  [field: string]: unknown;
}

/** What becomes of the client's answer when the owner changes or un-waives an item. */
describe("the client's answer through item changes and un-waiving (real Postgres, Redis and storage directory)", () => {
  const api = useApi();
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    const owner = await api.client.owner();
    accountId = owner.accountId;
    await api.db.query(`UPDATE accounts SET plan = 'agency' WHERE id = $1`, [accountId]);
    key = (await api.client.createKey(owner.session, ['admin'])).key;
  });

  const newIntake = async () => {
    const response = await api.client.asKey(key, {
      method: 'POST',
      url: '/v1/intakes',
      payload: { project_name: 'Bakery', client: { email: 'anna@bakery.example', name: 'Anna' }, items: ITEMS },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    return { id: created.intake_id as string, slug: (created.portal_url as string).split('/').pop() as string };
  };
  const owner = (method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
    api.client.asKey(key, { method, url, payload });
  const portal = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    api.client.request({ method, url: `/portal/v1/${url}`, payload });
  const upload = (slug: string, item: string, name: string, content: Buffer) => {
    const body = multipart('file', name, content);
    return api.client.request({
      method: 'POST',
      url: `/portal/v1/${slug}/items/${item}/files`,
      payload: body.payload,
      headers: body.headers,
    });
  };
  const ownerItem = async (id: string, itemKey: string): Promise<Item> =>
    (await owner('GET', `/v1/intakes/${id}`)).json().items.find((i: Item) => i.key === itemKey);
  const portalItem = async (slug: string, itemKey: string): Promise<Item> =>
    (await portal('GET', slug)).json().items.find((i: Item) => i.key === itemKey);
  const objects = async (intakeId: string) => {
    if (api.t.config.storage.driver !== 'fs') throw new Error('these tests read the fs storage directory');
    return readdir(join(api.t.config.storage.dir, 'intakes', intakeId, 'files')).catch(() => [] as string[]);
  };
  const usage = async () =>
    Number(
      (await api.db.query(`SELECT storage_bytes_used FROM accounts WHERE id = $1`, [accountId])).rows[0]
        .storage_bytes_used,
    );

  describe('PATCH …/items/:key judges a type change by the answer', () => {
    it('keeps the one submitted file of a file item changed to file_list, in the detail, the portal and the results', async () => {
      const { id, slug } = await newIntake();
      const uploaded = await upload(slug, 'contract', 'contract.pdf', pdf());
      expect(uploaded.statusCode).toBe(201);
      const file = uploaded.json().file;
      expect((await portal('POST', `${slug}/items/contract/submit`)).statusCode).toBe(200);

      const changed = await owner('PATCH', `/v1/intakes/${id}/items/contract`, { type: 'file_list' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().item).toMatchObject({
        type: 'file_list',
        status: 'submitted',
        constraints: { formats: ['pdf'] },
        files: [expect.objectContaining({ id: file.id, filename: 'contract.pdf' })],
      });
      expect(await ownerItem(id, 'contract')).toMatchObject({ type: 'file_list', status: 'submitted' });
      expect(await portalItem(slug, 'contract')).toMatchObject({
        type: 'file_list',
        status: 'submitted',
        files: [expect.objectContaining({ id: file.id })],
      });
      expect(await objects(id)).toHaveLength(1);
      // The results show each type's own shape: a file_list is a list, here of one.
      const results = (await owner('GET', `/v1/intakes/${id}/results?include_pending=true`)).json();
      expect(results.results.contract).toEqual([expect.objectContaining({ filename: 'contract.pdf' })]);
    });

    it('is 409 item_answer_would_be_discarded for a change the answer does not fit, and changes nothing', async () => {
      const { id, slug } = await newIntake();
      await upload(slug, 'contract', 'contract.pdf', pdf());
      await portal('POST', `${slug}/items/contract/submit`);
      await upload(slug, 'logo', 'logo.png', png(120, 60));
      await portal('POST', `${slug}/items/logo/submit`);
      expect((await portal('PUT', `${slug}/items/about`, { value: 'We bake.\nEvery day.' })).statusCode).toBe(200);

      for (const [itemKey, patch, path] of [
        ['contract', { type: 'text' }, 'files'],
        ['contract', { type: 'image', constraints: { formats: ['png', 'jpg'] } }, 'files[0].extension'],
        ['contract', { type: 'file_list', constraints: { min_count: 2 } }, 'files'],
        ['logo', { type: 'file', constraints: { formats: ['pdf'] } }, 'files[0].extension'],
        ['about', { type: 'text' }, 'value'],
      ] as const) {
        const refused = await owner('PATCH', `/v1/intakes/${id}/items/${itemKey}`, patch);
        expect([itemKey, patch, refused.statusCode]).toEqual([itemKey, patch, 409]);
        expect(refused.json()).toMatchObject({
          error: 'item_answer_would_be_discarded',
          details: [expect.objectContaining({ path })],
        });
      }
      expect(await ownerItem(id, 'contract')).toMatchObject({ type: 'file', status: 'submitted', files: [{}] });
      expect(await ownerItem(id, 'logo')).toMatchObject({ type: 'image', status: 'submitted', files: [{}] });
      expect(await ownerItem(id, 'about')).toMatchObject({ type: 'longtext', value: 'We bake.\nEvery day.' });
      expect(await objects(id)).toHaveLength(2);

      // An image is a valid file when the format is allowed; a longtext's limit may rise.
      const asFile = await owner('PATCH', `/v1/intakes/${id}/items/logo`, {
        type: 'file',
        constraints: { formats: ['png', 'pdf'] },
      });
      expect(asFile.statusCode).toBe(200);
      expect(asFile.json().item).toMatchObject({ type: 'file', status: 'submitted', files: [{ mime: 'image/png' }] });
      const longer = await owner('PATCH', `/v1/intakes/${id}/items/about`, { constraints: { max_chars: 5000 } });
      expect(longer.json().item).toMatchObject({ status: 'submitted', value: 'We bake.\nEvery day.' });
    });

    it('holds a select answer as a list of one after a change to multiselect, and 409s when one choice is too few', async () => {
      const { id, slug } = await newIntake();
      expect((await portal('PUT', `${slug}/items/style`, { value: 'bold' })).statusCode).toBe(200);
      const tooFew = await owner('PATCH', `/v1/intakes/${id}/items/style`, {
        type: 'multiselect',
        constraints: { min_count: 2 },
      });
      expect(tooFew.statusCode).toBe(409);
      const changed = await owner('PATCH', `/v1/intakes/${id}/items/style`, { type: 'multiselect' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().item).toMatchObject({ type: 'multiselect', status: 'submitted', value: ['bold'] });
      expect(await portalItem(slug, 'style')).toMatchObject({ type: 'multiselect', value: ['bold'] });
      const results = (await owner('GET', `/v1/intakes/${id}/results?include_pending=true`)).json();
      expect(results.results.style).toEqual(['bold']);
    });
  });

  it('un-waiving a file item discards its upload: an empty pending item for owner and client, the object gone', async () => {
    const { id, slug } = await newIntake();
    const before = await usage();
    const uploaded = await upload(slug, 'contract', 'contract.pdf', pdf());
    expect(uploaded.statusCode).toBe(201);
    expect((await portal('POST', `${slug}/items/contract/submit`)).statusCode).toBe(200);
    expect(await objects(id)).toHaveLength(1);
    expect(await usage()).toBeGreaterThan(before);

    expect((await owner('POST', `/v1/intakes/${id}/items/contract/waive`, { reason: 'not needed' })).statusCode).toBe(
      200,
    );
    expect(await ownerItem(id, 'contract')).toMatchObject({ status: 'waived', files: [{}] });
    const unwaived = await owner('DELETE', `/v1/intakes/${id}/items/contract/waive`);
    expect(unwaived.statusCode).toBe(200);
    const empty = {
      status: 'pending',
      value: null,
      files: [],
      submitted_at: null,
      revision_note: null,
      waiver: expect.objectContaining({ state: 'none' }),
    };
    expect(unwaived.json().item).toMatchObject(empty);
    expect(await ownerItem(id, 'contract')).toMatchObject(empty);
    expect(await portalItem(slug, 'contract')).toMatchObject({ status: 'pending', files: [] });
    expect(await objects(id)).toEqual([]);
    expect(await usage()).toBe(before);
    const { rows } = await api.db.query(
      `SELECT summary FROM audit_entries WHERE action = 'item.unwaived' AND summary->>'intake_id' = $1`,
      [id],
    );
    expect(rows.map((r) => r.summary)).toEqual([
      expect.objectContaining({ item_key: 'contract', files_discarded: 1, bytes_discarded: uploaded.json().file.size }),
    ]);
    // The client starts again.
    expect((await upload(slug, 'contract', 'signed.pdf', pdf())).statusCode).toBe(201);
    expect((await portal('POST', `${slug}/items/contract/submit`)).statusCode).toBe(200);
  });

  it('un-waiving a value item after a revision discards the value and the revision note', async () => {
    const { id, slug } = await newIntake();
    await portal('PUT', `${slug}/items/about`, { value: 'We bake.' });
    expect(
      (await owner('POST', `/v1/intakes/${id}/revision`, { item_key: 'about', note: 'Say more' })).statusCode,
    ).toBe(200);
    await owner('POST', `/v1/intakes/${id}/items/about/waive`, {});
    const unwaived = (await owner('DELETE', `/v1/intakes/${id}/items/about/waive`)).json().item;
    expect(unwaived).toMatchObject({ status: 'pending', value: null, revision_note: null, submitted_at: null });
    expect(await portalItem(slug, 'about')).toMatchObject({ status: 'pending', value: null, revision_note: null });
  });
});
