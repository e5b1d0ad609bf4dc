/** A response as the tests read it. */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

let accounts = 0;

/**
 * The api (a process of its own) over HTTP, as a customer and the test clock use it: an owner
 * signs up and makes an admin API key, which every call below carries.
 */
export class ServiceClient {
  constructor(readonly url: string) {}

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
  }

  /** Like `call`, failing unless the answer has `status`. */
  async expect<T = Record<string, unknown>>(
    status: number,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<T> {
    const answer = await this.call<T>(method, path, body, headers);
    if (answer.status !== status) {
      throw new Error(`${method} ${path}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  }

  /** A new account's owner and an admin API key of `mode`. */
  async owner(mode: 'live' | 'test' = 'live'): Promise<Customer> {
    accounts += 1;
    const email = `owner-${process.pid}-${Date.now().toString(36)}-${accounts}@example.test`;
    const password = 'correct horse battery staple';
    await this.expect(201, 'POST', '/v1/auth/signup', { email, password, name: 'Owner', account_name: 'Studio' });
    const login = await fetch(`${this.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const cookies = Object.fromEntries(
      login.headers.getSetCookie().map((c) => (c.split(';')[0] ?? '').split('=') as [string, string]),
    );
    const session = {
      cookie: `sid=${cookies['sid']}; csrf_token=${cookies['csrf_token']}`,
      'x-csrf-token': cookies['csrf_token'] ?? '',
    };
    const created = await this.expect<{ key: string }>(
      201,
      'POST',
      '/v1/keys',
      { name: 'agent', mode, scopes: ['admin'] },
      session,
    );
    return new Customer(this, created.key);
  }

  /** Sets the shared test clock. */
  async setClock(now: Date): Promise<Date> {
    return new Date((await this.expect<{ now: string }>(200, 'POST', '/_test/clock', { now: now.toISOString() })).now);
  }

  async advanceClock(seconds: number): Promise<Date> {
    return new Date(
      (await this.expect<{ now: string }>(200, 'POST', '/_test/clock', { advance_seconds: seconds })).now,
    );
  }

  /** One scheduler pass, then until every webhook delivery due is settled (POST /_test/tick). */
  tick(): Promise<{ now: string; passes: Record<string, number>; drained: string[] }> {
    return this.expect(200, 'POST', '/_test/tick');
  }
}

/** An account's admin API key. */
export class Customer {
  constructor(
    private readonly client: ServiceClient,
    readonly key: string,
  ) {}

  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    return this.client.call<T>(method, path, body, { authorization: `Bearer ${this.key}` });
  }

  expect<T = Record<string, unknown>>(status: number, method: string, path: string, body?: unknown): Promise<T> {
    return this.client.expect<T>(status, method, path, body, { authorization: `Bearer ${this.key}` });
  }

  /** Registers an endpoint; its id and secret. */
  register(url: string, events: string[], format = 'raw'): Promise<{ id: string; secret: string }> {
    return this.expect(201, 'POST', '/v1/webhooks', { url, events, format });
  }

  async deliveries(endpointId: string): Promise<DeliveryView[]> {
    return (await this.expect<{ deliveries: DeliveryView[] }>(200, 'GET', `/v1/webhooks/${endpointId}/deliveries`))
      .deliveries;
  }
}

/** A delivery as GET /v1/webhooks/:id/deliveries lists it. */
export interface DeliveryView {
  id: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_code: number | null;
  error: string | null;
  next_retry_at: string | null;
  created_at: string;
  delivered_at: string | null;
}
