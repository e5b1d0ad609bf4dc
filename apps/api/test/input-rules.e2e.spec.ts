import { useApi, type Owner } from './api-test-app';

const NUL = String.fromCharCode(0);

/** The two input rules every route shares: no NUL character anywhere, and no null for a non-nullable field. */
describe('input rules shared by every route (real Postgres)', () => {
  const api = useApi();
  let owner: Owner;

  beforeAll(async () => {
    owner = await api.owner();
  });

  const patchAccount = (payload: object) =>
    api.client.asSession(owner.session, { method: 'PATCH', url: '/v1/account', payload });
  const asKey = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    api.client.asKey(owner.key, { method, url, payload });

  it.each([
    [{ name: null }, 'name', 'must not be null'],
    [{ default_language: null }, 'default_language', 'must not be null'],
    [{ default_timezone: null }, 'default_timezone', 'must not be null'],
    [{ name: NUL }, 'name', 'must not contain the NUL character (U+0000)'],
    [{ sender_name: NUL }, 'sender_name', 'must not contain the NUL character (U+0000)'],
  ])('PATCH /v1/account %j answers 422 naming the field', async (payload, path, message) => {
    const response = await patchAccount(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: 'unprocessable',
      reason: 'validation_failed',
      details: [{ path, message }],
      request_id: expect.any(String),
    });
    expect((await asKey('GET', '/v1/account')).json().account).toMatchObject({
      name: 'Studio',
      default_language: 'en',
    });
  });

  it('keeps null as the value that clears a nullable field', async () => {
    expect((await patchAccount({ sender_name: 'Jana' })).json().account).toMatchObject({ sender_name: 'Jana' });
    expect((await patchAccount({ sender_name: null })).json().account).toMatchObject({ sender_name: null });
  });

  it('refuses null for a non-nullable field on the other PATCH routes, and a NUL anywhere in a body', async () => {
    const created = await asKey('POST', '/v1/intakes', {
      project_name: 'Site',
      client: { email: 'jan@client.example', name: 'Jan' },
      items: [{ key: 'about', type: 'text', label: 'About' }],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().intake_id as string;
    const refusals = [
      [`/v1/intakes/${id}`, { project_name: null }, 'project_name'],
      [`/v1/intakes/${id}`, { client: { name: null } }, 'client.name'],
      [`/v1/intakes/${id}`, { respect_quiet_hours: null }, 'respect_quiet_hours'],
      [`/v1/intakes/${id}/items/about`, { label: null }, 'label'],
      [`/v1/intakes/${id}/items/about`, { required: null }, 'required'],
      [`/v1/intakes/${id}`, { owner_note: `note${NUL}` }, 'owner_note'],
      [`/v1/intakes/${id}/items/about`, { constraints: { [`max${NUL}`]: 1 } }, `constraints.max${NUL}`],
    ] as const;
    for (const [url, payload, path] of refusals) {
      const response = await asKey('PATCH', url, payload);
      expect([url, payload, response.statusCode, response.json().details]).toEqual([
        url,
        payload,
        422,
        [expect.objectContaining({ path })],
      ]);
    }
    const cleared = await asKey('PATCH', `/v1/intakes/${id}`, { due_date: null, owner_note: null });
    expect(cleared.statusCode).toBe(200);
  });

  it('refuses an e-mail address with a line break, white space or a control character (mail header injection)', async () => {
    // IsEmail alone accepts a quoted local part holding CR LF; each of these is written into To,
    // Reply-To or an SMTP envelope.
    const hostile = [
      '"x\r\nBcc: evil@example.test"@client.example',
      '"x y"@client.example',
      '"x\u0007"@client.example',
    ];
    const target = await asKey('POST', '/v1/intakes', {
      project_name: 'Site',
      client: { email: 'jan.novak+site@client.example', name: 'Jan' },
      items: [{ key: 'about', type: 'text', label: 'About' }],
    });
    expect(target.statusCode).toBe(201);
    const refusal = (path: string) => [{ path, message: 'must not contain white space or control characters' }];
    for (const email of hostile) {
      const intake = await asKey('POST', '/v1/intakes', {
        project_name: 'Site',
        client: { email, name: 'Jan' },
        items: [{ key: 'about', type: 'text', label: 'About' }],
      });
      expect([email, intake.statusCode, intake.json().details]).toEqual([email, 422, refusal('client.email')]);
      const recipient = await asKey('POST', `/v1/intakes/${target.json().intake_id}/recipients`, {
        email,
        name: 'Eva',
      });
      expect([email, recipient.statusCode, recipient.json().details]).toEqual([email, 422, refusal('email')]);
      const signUp = await api.client.request({
        method: 'POST',
        url: '/v1/auth/signup',
        payload: { email, password: 'correct horse battery staple', name: 'Owner', account_name: 'Studio' },
      });
      expect([email, signUp.statusCode, signUp.json().details]).toEqual([email, 422, refusal('email')]);
    }
  });

  it('refuses a NUL in a query or path parameter and in the portal’s bodies', async () => {
    const query = await asKey('GET', `/v1/intakes?q=a${encodeURIComponent(NUL)}`);
    expect(query.statusCode).toBe(422);
    expect(query.json().details).toEqual([expect.objectContaining({ path: 'q' })]);
    const path = await asKey('GET', `/v1/intakes/int_${encodeURIComponent(NUL)}`);
    expect(path.statusCode).toBe(422);
    expect(path.json().details).toEqual([expect.objectContaining({ path: 'id' })]);

    const created = await asKey('POST', '/v1/intakes', {
      project_name: 'Portal',
      client: { email: 'eva@client.example', name: 'Eva' },
      items: [{ key: 'about', type: 'text', label: 'About' }],
    });
    const slug = (created.json().portal_url as string).split('/').pop() as string;
    const answer = await api.client.request({
      method: 'PUT',
      url: `/portal/v1/${slug}/items/about`,
      payload: { value: `We bake${NUL}` },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ reason: 'validation_failed', details: [{ path: 'value' }] });
  });
});
