import { createIntakeClient, type EntryOf, type IntakeClientOptions } from './client';
import { IntakeApiError, IntakeNetworkError } from './errors';

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

/** A fake api: answers from a script, one entry per request, and records what it was sent. */
function fakeApi(answers: Array<Response | Error | ((seen: Seen) => Response)>) {
  const seen: Seen[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const entry = { method: request.method, url: request.url, headers: request.headers, body: await request.text() };
    seen.push(entry);
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`unexpected request ${request.method} ${request.url}`);
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer(entry) : answer;
  };
  return { fetch, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const envelope = (error: string, extra: Record<string, unknown> = {}) => ({
  error,
  message: `${error} happened`,
  request_id: 'req_1',
  ...extra,
});

function client(api: ReturnType<typeof fakeApi>, options: Partial<IntakeClientOptions> = {}) {
  const sleeps: number[] = [];
  let keys = 0;
  const sdk = createIntakeClient({
    baseUrl: 'https://intake.example.com/',
    apiKey: 'svc_test_abc',
    fetch: api.fetch,
    sleep: async (milliseconds) => void sleeps.push(milliseconds),
    random: () => 0.5,
    idempotencyKey: () => `key-${(keys += 1)}`,
    ...options,
  });
  return { sdk, sleeps };
}

const INTAKE = {
  client: { email: 'c@example.test' },
  project: 'Tax 2026',
  items: [{ key: 'id', label: 'ID', type: 'text' }],
};

describe('the typed client', () => {
  it('sends the key as a bearer token to the path under the base address and resolves with the body', async () => {
    const api = fakeApi([json(200, { status: 'sent', items: [] })]);
    const { sdk } = client(api);
    const status = await sdk.GET('/v1/intakes/{id}/status', { params: { path: { id: 'in_1' } } });
    expect(status).toEqual({ status: 'sent', items: [] });
    expect(api.seen[0]?.url).toBe('https://intake.example.com/v1/intakes/in_1/status');
    expect(api.seen[0]?.headers.get('authorization')).toBe('Bearer svc_test_abc');
    expect(api.seen[0]?.headers.get('idempotency-key')).toBeNull();
  });

  it('throws one error class carrying the status and the envelope: code, reason, details, request id', async () => {
    const api = fakeApi([
      json(
        422,
        envelope('unprocessable', {
          reason: 'validation_failed',
          details: [{ path: 'client.email', message: 'must be an email' }],
        }),
      ),
    ]);
    const { sdk } = client(api);
    const error = await sdk.POST('/v1/intakes', { body: INTAKE as never }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IntakeApiError);
    const apiError = error as IntakeApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.code).toBe('unprocessable');
    expect(apiError.reason).toBe('validation_failed');
    expect(apiError.details).toEqual([{ path: 'client.email', message: 'must be an email' }]);
    expect(apiError.requestId).toBe('req_1');
    expect(apiError.message).toBe('422 unprocessable (validation_failed): unprocessable happened');
  });

  it('describes an answer that is not the envelope by its status and text', async () => {
    const api = fakeApi([
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'x-request-id': 'req_9' } }),
    ]);
    const { sdk } = client(api);
    const error = (await sdk.GET('/v1/usage').catch((caught: unknown) => caught)) as IntakeApiError;
    expect(error.status).toBe(502);
    expect(error.code).toBe('internal_error');
    expect(error.envelope.message).toBe('<html>Bad gateway</html>');
    expect(error.requestId).toBe('req_9');
  });

  it('gives every POST an Idempotency-Key, and keeps the one the caller set', async () => {
    const api = fakeApi([
      json(201, { intake_id: 'in_1' }),
      json(201, { intake_id: 'in_2' }),
      json(200, { status: 'sent' }),
    ]);
    const { sdk } = client(api);
    await sdk.POST('/v1/intakes', { body: INTAKE as never });
    await sdk.POST('/v1/intakes', { body: INTAKE as never, headers: { 'Idempotency-Key': 'mine' } });
    await sdk.POST('/v1/intakes/{id}/send', { params: { path: { id: 'in_1' } } });
    expect(api.seen.map((seen) => seen.headers.get('idempotency-key'))).toEqual(['key-1', 'mine', 'key-2']);
    expect(JSON.parse(api.seen[0]?.body ?? '')).toEqual(INTAKE);
  });

  it('tries a 429 again after Retry-After (plus jitter) for any request, and resolves with the later answer', async () => {
    const api = fakeApi([json(429, envelope('rate_limited'), { 'retry-after': '2' }), json(200, { status: 'draft' })]);
    const { sdk, sleeps } = client(api);
    await expect(sdk.POST('/v1/intakes/{id}/send', { params: { path: { id: 'in_1' } } })).resolves.toEqual({
      status: 'draft',
    });
    expect(sleeps).toEqual([2_125]);
    expect(api.seen).toHaveLength(2);
  });

  it('tries a POST that honours the key again after a 503 or a lost connection, with the same key', async () => {
    const api = fakeApi([
      json(503, envelope('service_unavailable')),
      new TypeError('fetch failed'),
      json(201, { intake_id: 'in_1' }),
    ]);
    const { sdk, sleeps } = client(api);
    await expect(sdk.POST('/v1/intakes', { body: INTAKE as never })).resolves.toEqual({ intake_id: 'in_1' });
    expect(api.seen.map((seen) => seen.headers.get('idempotency-key'))).toEqual(['key-1', 'key-1', 'key-1']);
    expect(api.seen.map((seen) => seen.body)).toEqual(Array(3).fill(JSON.stringify(INTAKE)));
    // Full jitter on 250 ms doubling: half of 250, then half of 500.
    expect(sleeps).toEqual([125, 250]);
  });

  it('never repeats a POST the api does not deduplicate after a 503 or a lost connection', async () => {
    const api = fakeApi([json(503, envelope('service_unavailable'), { 'retry-after': '1' })]);
    const { sdk } = client(api);
    const error = (await sdk
      .POST('/v1/intakes/{id}/chase', { params: { path: { id: 'in_1' } }, body: {} as never })
      .catch((caught: unknown) => caught)) as IntakeApiError;
    expect(error.status).toBe(503);
    expect(error.retryAfterSeconds).toBe(1);

    const lost = fakeApi([new TypeError('socket hang up')]);
    const second = client(lost);
    const networkError = await second.sdk
      .POST('/v1/intakes/{id}/archive', { params: { path: { id: 'in_1' } } })
      .catch((caught: unknown) => caught);
    expect(networkError).toBeInstanceOf(IntakeNetworkError);
    expect((networkError as IntakeNetworkError).message).toBe(
      'POST https://intake.example.com/v1/intakes/in_1/archive: no answer (socket hang up)',
    );
    expect(lost.seen).toHaveLength(1);
  });

  it('repeats GET after lost connections, and gives up after four attempts in all', async () => {
    const api = fakeApi([new TypeError('a'), new TypeError('b'), new TypeError('c'), new TypeError('d')]);
    const { sdk, sleeps } = client(api);
    await expect(sdk.GET('/v1/usage')).rejects.toBeInstanceOf(IntakeNetworkError);
    expect(api.seen).toHaveLength(4);
    expect(sleeps).toEqual([125, 250, 500]);
  });

  it('does not wait for a Retry-After longer than allowed: the error says how long instead', async () => {
    const api = fakeApi([json(429, envelope('rate_limited'), { 'retry-after': '3600' })]);
    const { sdk, sleeps } = client(api);
    const error = (await sdk.GET('/v1/usage').catch((caught: unknown) => caught)) as IntakeApiError;
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(3600);
    expect(sleeps).toEqual([]);
  });

  it('does not retry at all with maxAttempts 1, nor any status but 429 and 503', async () => {
    const once = fakeApi([json(429, envelope('rate_limited'), { 'retry-after': '1' })]);
    await expect(client(once, { retry: { maxAttempts: 1 } }).sdk.GET('/v1/usage')).rejects.toBeInstanceOf(
      IntakeApiError,
    );
    expect(once.seen).toHaveLength(1);
    const conflict = fakeApi([json(409, envelope('conflict'))]);
    await expect(client(conflict).sdk.GET('/v1/usage')).rejects.toMatchObject({ status: 409 });
    expect(conflict.seen).toHaveLength(1);
  });

  it('pages through a list with limit and offset until the total, keeping the filters', async () => {
    const page = (ids: string[], total: number) =>
      json(200, { intakes: ids.map((intake_id) => ({ intake_id })), total, limit: 2, offset: 0 });
    const api = fakeApi([page(['a', 'b'], 5), page(['c', 'd'], 5), page(['e'], 5)]);
    const { sdk } = client(api);
    const seen: Array<EntryOf<'/v1/intakes'>['intake_id']> = [];
    for await (const intake of sdk.paginate('/v1/intakes', { query: { status: 'sent' }, pageSize: 2 }))
      seen.push(intake.intake_id);
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(api.seen.map((request) => new URL(request.url).search)).toEqual([
      '?status=sent&limit=2&offset=0',
      '?status=sent&limit=2&offset=2',
      '?status=sent&limit=2&offset=4',
    ]);
  });

  it('stops paging at an empty page even when the total promised more (entries deleted meanwhile)', async () => {
    const api = fakeApi([
      json(200, { entries: [{ id: 'x' }], total: 3, limit: 100, offset: 0 }),
      json(200, { entries: [], total: 3, limit: 100, offset: 1 }),
    ]);
    const entries: unknown[] = [];
    for await (const entry of client(api).sdk.paginate('/v1/audit')) entries.push(entry);
    expect(entries).toEqual([{ id: 'x' }]);
    expect(api.seen).toHaveLength(2);
  });
});
