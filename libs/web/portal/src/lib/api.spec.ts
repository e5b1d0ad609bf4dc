import { answer, createCall, portalApiBase, problemOf } from './api';

describe('the portal API', () => {
  it('is addressed by the slug, the last part of the page’s path', () => {
    expect(portalApiBase('/p/AbC_d-9')).toBe('/portal/v1/AbC_d-9');
    expect(portalApiBase('/client-portal/x%2Fy')).toBe('/portal/v1/x%2Fy');
    expect(portalApiBase('/p/a%20b')).toBe('/portal/v1/a%20b');
    expect(portalApiBase('/')).toBe('/portal/v1/');
  });

  it('reads an answer: 2xx is ok, a body that is not JSON is none', () => {
    expect(answer(200, '{"a":1}')).toEqual({ ok: true, status: 200, body: { a: 1 } });
    expect(answer(204, '')).toEqual({ ok: true, status: 204, body: null });
    expect(answer(502, '<html>Bad gateway</html>')).toMatchObject({ ok: false, status: 502, body: null });
  });

  it('reads the error envelope, nested or flat', () => {
    const nested = {
      error: {
        code: 'validation_failed',
        message: 'The value is invalid.',
        reason: 'x',
        details: [{ path: 'value', message: 'is required' }],
        params: { max_bytes: 10 },
      },
    };
    expect(problemOf(422, nested)).toEqual({
      status: 422,
      code: 'validation_failed',
      reason: 'x',
      message: 'The value is invalid.',
      details: [{ path: 'value', message: 'is required' }],
      params: { max_bytes: 10 },
    });
    expect(problemOf(404, { error: 'not_found', message: 'No such link.' })).toEqual({
      status: 404,
      code: 'not_found',
      reason: '',
      message: 'No such link.',
      details: [],
      params: {},
    });
    expect(problemOf(500, null)).toEqual({ status: 500, code: '', reason: '', message: '', details: [], params: {} });
    expect(problemOf(400, { error: { details: 'broken', params: 'x', message: 3 } })).toMatchObject({
      details: [],
      params: {},
      message: '',
    });
  });
});

describe('requests', () => {
  const response = (status: number, text: string) =>
    ({ status, text: () => Promise.resolve(text) }) as unknown as Response;

  it('sends JSON without cookies or cache and reads the answer', async () => {
    const fetcher = jest.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(response(200, '{"ok":1}')),
    );
    const call = createCall('/portal/v1/slug', fetcher);
    await expect(call('PUT', '/items/about', { value: 'Hi' })).resolves.toEqual({
      ok: true,
      status: 200,
      body: { ok: 1 },
    });
    expect(fetcher).toHaveBeenCalledWith('/portal/v1/slug/items/about', {
      method: 'PUT',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      credentials: 'omit',
      cache: 'no-store',
      body: '{"value":"Hi"}',
    });
  });

  it('sends no body and no content type without one', async () => {
    const fetcher = jest.fn((_url: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(response(204, '')));
    await createCall('/portal/v1/slug', fetcher)('DELETE', '/items/logo/files/f1');
    expect(fetcher.mock.calls[0]?.[1]).toEqual({
      method: 'DELETE',
      headers: { accept: 'application/json' },
      credentials: 'omit',
      cache: 'no-store',
    });
  });

  it('answers a network failure, even halfway through the body, with status 0 instead of throwing', async () => {
    const offline = createCall('/b', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(offline('GET', '')).resolves.toMatchObject({ ok: false, status: 0, problem: { status: 0 } });
    const cut = createCall('/b', () =>
      Promise.resolve({ status: 200, text: () => Promise.reject(new TypeError('network')) } as unknown as Response),
    );
    await expect(cut('GET', '')).resolves.toMatchObject({ ok: false, status: 0 });
  });
});
