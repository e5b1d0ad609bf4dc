import { type Session } from './accounts-client';
import { useApi } from './api-test-app';

describe('folders', () => {
  const api = useApi();
  let owner: { session: Session; accountId: string };
  let key: string;

  beforeAll(async () => {
    owner = await api.client.owner();
    key = (await api.client.createKey(owner.session, ['intakes:read', 'intakes:write'])).key;
  });

  const create = (name: string, as = key) =>
    api.client.asKey(as, { method: 'POST', url: '/v1/folders', payload: { name } });

  it('creates folders (trimmed, placed last) and lists them by sort_order then name', async () => {
    const first = await create('  Weddings  ');
    expect(first.statusCode).toBe(201);
    expect(first.json().folder).toMatchObject({ name: 'Weddings', sort_order: 0, intake_count: 0 });
    expect(first.json().folder.id).toMatch(/^fld_/);
    await create('Agencies');
    const third = (await create('Bakeries')).json().folder;
    await api.client.asKey(key, { method: 'PATCH', url: `/v1/folders/${third.id}`, payload: { sort_order: 0 } });

    const list = await api.client.asKey(key, { method: 'GET', url: '/v1/folders' });
    expect(list.statusCode).toBe(200);
    expect(list.json().folders.map((f: { name: string }) => f.name)).toEqual(['Bakeries', 'Weddings', 'Agencies']);
  });

  it.each([
    ['an empty name', ''],
    ['a blank name', '    '],
    ['an 81-character name', 'x'.repeat(81)],
  ])('refuses %s with 422 naming the field', async (_what, name) => {
    const response = await create(name);
    expect(response.statusCode).toBe(422);
    expect(response.json().details).toEqual([{ path: 'name', message: expect.any(String) }]);
  });

  it('accepts an 80-character name', async () => {
    expect((await create('y'.repeat(80))).statusCode).toBe(201);
  });

  it('a name already used (case-insensitively) is 409 folder_exists, on create and on rename', async () => {
    await create('Duplicates');
    const again = await create('duplicates');
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('folder_exists');
    const other = (await create('Other')).json().folder;
    const rename = await api.client.asKey(key, {
      method: 'PATCH',
      url: `/v1/folders/${other.id}`,
      payload: { name: 'DUPLICATES' },
    });
    expect(rename.statusCode).toBe(409);
  });

  it('PATCH renames; with no field it is 400; an unknown id is 404', async () => {
    const folder = (await create('Old name')).json().folder;
    const renamed = await api.client.asKey(key, {
      method: 'PATCH',
      url: `/v1/folders/${folder.id}`,
      payload: { name: 'New name' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().folder).toMatchObject({ id: folder.id, name: 'New name' });
    const empty = await api.client.asKey(key, { method: 'PATCH', url: `/v1/folders/${folder.id}`, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('invalid_request');
    expect(
      (await api.client.asKey(key, { method: 'PATCH', url: '/v1/folders/fld_nope', payload: { name: 'x' } }))
        .statusCode,
    ).toBe(404);
  });

  it('DELETE removes it (204), then 404', async () => {
    const folder = (await create('Short-lived')).json().folder;
    expect((await api.client.asKey(key, { method: 'DELETE', url: `/v1/folders/${folder.id}` })).statusCode).toBe(204);
    expect((await api.client.asKey(key, { method: 'DELETE', url: `/v1/folders/${folder.id}` })).statusCode).toBe(404);
  });

  it('another account’s folder is 404 and never listed', async () => {
    const other = await api.client.owner();
    const otherKey = (await api.client.createKey(other.session)).key;
    const folder = (await create('Mine')).json().folder;
    expect(
      (
        await api.client.asKey(otherKey, {
          method: 'PATCH',
          url: `/v1/folders/${folder.id}`,
          payload: { name: 'Theirs' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await api.client.asKey(otherKey, { method: 'DELETE', url: `/v1/folders/${folder.id}` })).statusCode).toBe(
      404,
    );
    expect((await api.client.asKey(otherKey, { method: 'GET', url: '/v1/folders' })).json().folders).toEqual([]);
  });

  it('reading needs intakes:read, changing needs intakes:write', async () => {
    const reader = (await api.client.createKey(owner.session, ['intakes:read'])).key;
    expect((await api.client.asKey(reader, { method: 'GET', url: '/v1/folders' })).statusCode).toBe(200);
    const refused = await create('Nope', reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toBe('missing_scope');
    const writerOnly = (await api.client.createKey(owner.session, ['intakes:write'])).key;
    expect((await api.client.asKey(writerOnly, { method: 'GET', url: '/v1/folders' })).statusCode).toBe(403);
  });
});
