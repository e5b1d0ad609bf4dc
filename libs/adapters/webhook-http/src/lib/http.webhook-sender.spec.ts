import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type WebhookRequest } from '@intake/application-webhooks';
import { FixedHostResolver, HostResolver, type ResolvedAddress } from './system.host-resolver';
import { HttpWebhookSender, WEBHOOK_TIMEOUT_MS } from './http.webhook-sender';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  socket: number;
}

/** A local receiver answering each request with `answer`; records what arrived and on which connection. */
async function receiver(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const received: Received[] = [];
  const sockets = new Map<object, number>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (!sockets.has(req.socket)) sockets.set(req.socket, sockets.size + 1);
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        socket: sockets.get(req.socket) ?? 0,
      });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A resolver that counts its lookups (one per new connection). */
class CountingResolver extends HostResolver {
  lookups = 0;
  constructor(private readonly inner: HostResolver) {
    super();
  }
  resolve(host: string): Promise<ResolvedAddress[]> {
    this.lookups += 1;
    return this.inner.resolve(host);
  }
}

const request = (url: string, overrides: Partial<WebhookRequest> = {}): WebhookRequest => ({
  deliveryId: 'whd_0123456789abcdefghijkl',
  url,
  event: 'item.submitted',
  body: '{"event":"item.submitted","intake_id":"in_1"}',
  signature: 't=1700000000,v1=abc',
  ...overrides,
});

describe('HttpWebhookSender (undici, against local HTTP servers)', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  const sender = (options: ConstructorParameters<typeof HttpWebhookSender>[0]) => {
    const s = new HttpWebhookSender(options);
    closers.push(() => s.close());
    return s;
  };
  const serve = async (answer: (req: IncomingMessage, res: ServerResponse) => void) => {
    const r = await receiver(answer);
    closers.push(r.close);
    return r;
  };

  it('POSTs the body with the signature, event, delivery id, user agent and JSON content type; 2xx is success', async () => {
    const r = await serve((_req, res) => res.writeHead(204).end());
    const result = await sender({ allowPrivateNetworks: true }).send(request(r.url('/hooks/in?x=1')));
    expect(result).toEqual({ response_code: 204, error: null });
    expect(r.received).toHaveLength(1);
    const [got] = r.received as [Received];
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/hooks/in?x=1');
    expect(got.body).toBe('{"event":"item.submitted","intake_id":"in_1"}');
    expect(got.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Service-Webhook/1.0',
      'x-service-event': 'item.submitted',
      'x-service-signature': 't=1700000000,v1=abc',
      'x-service-delivery': 'whd_0123456789abcdefghijkl',
    });
  });

  it.each([
    [500, 'the receiver answered HTTP 500'],
    [410, 'the receiver answered HTTP 410'],
    [404, 'the receiver answered HTTP 404'],
    [301, 'the receiver answered HTTP 301; redirects are not followed'],
    [302, 'the receiver answered HTTP 302; redirects are not followed'],
  ])('HTTP %i is a failure with its code', async (status, error) => {
    const target = await serve((_req, res) => res.writeHead(200).end('reached'));
    const r = await serve((_req, res) => res.writeHead(status, { location: target.url('/elsewhere') }).end('no'));
    expect(await sender({ allowPrivateNetworks: true }).send(request(r.url()))).toEqual({
      response_code: status,
      error,
    });
    expect(target.received).toEqual([]); // the redirect was not followed
  });

  it('cuts a receiver that never answers at the time-out; the default time-out is 10 seconds', async () => {
    const r = await serve(() => undefined); // reads the request, never answers
    const started = Date.now();
    const result = await sender({ allowPrivateNetworks: true, timeoutMs: 300 }).send(request(r.url()));
    const took = Date.now() - started;
    expect(result).toEqual({ response_code: null, error: 'no answer within 0.3 seconds' });
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(2_000);
    expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
    expect(sender({ allowPrivateNetworks: true }).timeout).toBe(10_000);
  });

  it('the time-out covers the body too: headers sent, body never finished', async () => {
    const r = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial'); // and never ends
    });
    const result = await sender({ allowPrivateNetworks: true, timeoutMs: 300 }).send(request(r.url()));
    expect(result).toEqual({ response_code: 200, error: 'the answer (HTTP 200) did not finish within 0.3 seconds' });
  });

  it('reads only a few kilobytes of a long answer, and still counts a 2xx', async () => {
    let written = 0;
    const r = await serve((_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (written < 64 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const started = Date.now();
    expect(await sender({ allowPrivateNetworks: true }).send(request(r.url()))).toEqual({
      response_code: 200,
      error: null,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(written).toBeLessThan(16 * 1024 * 1024); // the 64 MiB were never downloaded
  });

  it('keeps connections alive and reuses them: one resolution per connection, not per delivery', async () => {
    const r = await serve((_req, res) => res.writeHead(200).end('ok'));
    const resolver = new CountingResolver(new FixedHostResolver({ 'hooks.test': ['127.0.0.1'] }));
    const s = sender({ allowPrivateNetworks: true, resolver });
    for (let i = 0; i < 5; i += 1) {
      expect(await s.send(request(`http://hooks.test:${r.port}/hook`))).toEqual({ response_code: 200, error: null });
      await new Promise((resolve) => setImmediate(resolve)); // the connection goes back to the pool
    }
    const connections = new Set(r.received.map((x) => x.socket)).size;
    expect(connections).toBe(1);
    expect(resolver.lookups).toBe(connections);
    expect(r.received[0]?.headers.host).toBe(`hooks.test:${r.port}`);
  });

  it('refuses a host name resolving to a loopback address, naming it, and never connects', async () => {
    const r = await serve((_req, res) => res.writeHead(200).end());
    const resolver = new FixedHostResolver({ 'rebind.test': ['127.0.0.1'] });
    expect(
      await sender({ allowPrivateNetworks: false, resolver }).send(request(`http://rebind.test:${r.port}/`)),
    ).toEqual({
      response_code: null,
      error: 'the host rebind.test resolves to an unsafe address: 127.0.0.1 is a loopback address',
    });
    expect(r.received).toEqual([]);
  });

  it('refuses the host when any one of its addresses is unsafe, and checks on every new connection', async () => {
    const r = await serve((_req, res) => res.writeHead(200).end());
    const answers: Record<string, string[]> = { 'mixed.test': ['93.184.216.34', '10.0.0.7'] };
    const s = sender({ allowPrivateNetworks: false, resolver: new FixedHostResolver(answers) });
    expect((await s.send(request(`http://mixed.test:${r.port}/`))).error).toBe(
      'the host mixed.test resolves to an unsafe address: 10.0.0.7 is a private address',
    );
    answers['mixed.test'] = ['169.254.169.254'];
    expect((await s.send(request(`http://mixed.test:${r.port}/`))).error).toMatch(
      /^the host mixed\.test resolves to an unsafe address: 169\.254\.169\.254 is /,
    );
  });

  it.each([
    ['http://127.0.0.1:8080/', '127.0.0.1 is a loopback address'],
    ['http://0x7f000001:8080/', '127.0.0.1 is a loopback address'],
    ['http://2130706433:8080/', '127.0.0.1 is a loopback address'],
    ['http://[::1]:8080/', '::1 is a loopback address'],
    ['http://localhost:8080/', 'localhost is a loopback host name'],
    ['ftp://example.com/', "the URL's scheme ftp is not http or https"],
    ['http://example.com:22/', 'port 22 is not allowed: use 80, 443 or 1024 to 65535'],
  ])('refuses %s before any lookup (%s)', async (url, error) => {
    const resolver = new CountingResolver(new FixedHostResolver({}));
    expect(await sender({ allowPrivateNetworks: false, resolver }).send(request(url))).toEqual({
      response_code: null,
      error,
    });
    expect(resolver.lookups).toBe(0);
  });

  it('a refused connection or an unknown host is a failure saying so', async () => {
    const r = await serve((_req, res) => res.writeHead(200).end());
    await r.close();
    const s = sender({ allowPrivateNetworks: true });
    expect(await s.send(request(r.url()))).toEqual({
      response_code: null,
      error: 'the connection was refused (ECONNREFUSED)',
    });
    expect((await s.send(request('http://no-such-host.invalid:8080/'))).error).toMatch(
      /^the host name could not be resolved \((ENOTFOUND|EAI_AGAIN)\)$/,
    );
  });
});
