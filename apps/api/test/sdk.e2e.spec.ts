import { createIntakeClient, IntakeApiError, type IntakeClient } from '@intake/sdk';
import { type Owner, useApi } from './api-test-app';

/**
 * The typed SDK (libs/sdk) against the real api over HTTP: what an integrator's code does with it.
 * The clock is the shared test clock, so the free plan's hourly limit can be reached and its
 * window ended within a second.
 */
describe('the SDK against the running api (real Postgres and Redis)', () => {
  const api = useApi({ TEST_CLOCK: 'enabled' });
  let baseUrl: string;
  let owner: Owner;
  let sdk: IntakeClient;

  beforeAll(async () => {
    await api.t.app.listen(0, '127.0.0.1');
    baseUrl = (await api.t.app.getUrl()).replace('[::1]', '127.0.0.1');
    owner = await api.owner({ plan: 'agency' });
    sdk = createIntakeClient({ baseUrl, apiKey: owner.key });
  });

  const intakeBody = (project: string) => ({
    project_name: project,
    client: { email: 'anna@bakery.example', name: 'Anna' },
    items: [{ key: 'about', type: 'text' as const, label: 'About you' }],
  });
  const setClock = (now: string) => api.client.request({ method: 'POST', url: '/_test/clock', payload: { now } });

  it('creates intakes (the same Idempotency-Key answers the same intake) and lists every page', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const created = await sdk.POST('/v1/intakes', { body: intakeBody(`Site ${index}`) });
      ids.push(created.intake_id);
    }
    const again = await sdk.POST('/v1/intakes', {
      body: intakeBody('Site X'),
      headers: { 'Idempotency-Key': 'site-x' },
    });
    const repeated = await sdk.POST('/v1/intakes', {
      body: intakeBody('Site X'),
      headers: { 'Idempotency-Key': 'site-x' },
    });
    expect(repeated.intake_id).toBe(again.intake_id);
    ids.push(again.intake_id);

    const listed: string[] = [];
    for await (const intake of sdk.paginate('/v1/intakes', { pageSize: 2 })) listed.push(intake.intake_id);
    expect(listed).toEqual([...ids].reverse());
    const firstPage = await sdk.GET('/v1/intakes', { params: { query: { limit: 2 } } });
    expect(firstPage.total).toBe(6);
  });

  it('follows an intake to its results: the client answers in the portal, the agent approves and collects', async () => {
    const created = await sdk.POST('/v1/intakes', { body: intakeBody('Bakery') });
    const slug = created.portal_url.split('/').pop() as string;
    const submitted = await api.client.request({
      method: 'PUT',
      url: `/portal/v1/${slug}/items/about`,
      payload: { value: 'We bake sourdough.' },
    });
    expect(submitted.statusCode).toBe(200);

    const status = await sdk.GET('/v1/intakes/{id}/status', { params: { path: { id: created.intake_id } } });
    expect(status.items.find((item) => item.key === 'about')?.status).toBe('submitted');
    await sdk.POST('/v1/intakes/{id}/items/{key}/approve', {
      params: { path: { id: created.intake_id, key: 'about' } },
      body: {},
    });
    const results = await sdk.GET('/v1/intakes/{id}/results', { params: { path: { id: created.intake_id } } });
    expect(results.status).toBe('completed');
    expect(results.results).toEqual({ about: 'We bake sourdough.' });
  });

  it('throws the envelope of a refusal as IntakeApiError, with the request id of the answer', async () => {
    const error = await sdk
      .GET('/v1/intakes/{id}', { params: { path: { id: 'in_00000000000000000000000000' } } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IntakeApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
    expect((error as IntakeApiError).requestId).toMatch(/^req_/);

    const invalid = (await sdk
      .POST('/v1/intakes', { body: { ...intakeBody('Bad'), client: { email: 'not an address', name: 'Anna' } } })
      .catch((caught: unknown) => caught)) as IntakeApiError;
    expect(invalid.status).toBe(422);
    expect(invalid.details?.map((detail) => detail.path)).toContain('client.email');
  });

  it('waits out a 429 of the hourly limit as Retry-After says, then succeeds', async () => {
    const free = await api.owner();
    const attempts: number[] = [];
    const sleeps: number[] = [];
    const client = createIntakeClient({
      baseUrl,
      apiKey: free.key,
      fetch: async (request) => {
        const response = await fetch(request);
        attempts.push(response.status);
        return response;
      },
      sleep: (milliseconds) => {
        sleeps.push(milliseconds);
        return new Promise((resolve) => setTimeout(resolve, milliseconds));
      },
    });
    // The free plan allows 60 requests an hour: spend them early in an hour, then move to its last second.
    await setClock('2031-03-01T10:00:00Z');
    const spent = await Promise.all(
      Array.from({ length: 60 }, () => api.client.asKey(free.key, { method: 'GET', url: '/v1/usage' })),
    );
    expect(spent.map((response) => response.statusCode)).toEqual(Array(60).fill(200));
    await setClock('2031-03-01T10:59:59.500Z');

    const usage = await client.GET('/v1/usage');
    expect(usage).toBeDefined();
    expect(attempts).toEqual([429, 200]);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(1_000);
    expect(sleeps[0]).toBeLessThan(1_250);
  });
});
