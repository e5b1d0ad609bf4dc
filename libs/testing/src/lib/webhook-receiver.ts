import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo } from 'node:net';

/** A request the receiver got. */
export interface ReceivedWebhook {
  method: string;
  /** Path and query. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Real time of arrival (ms). */
  at: number;
}

/** How the receiver answers a request: a status (with headers and a body, after a delay), or never. */
export type ReceiverAnswer =
  | { status: number; headers?: Record<string, string>; body?: string; delayMs?: number }
  | 'never';

/**
 * A local HTTP server standing in for webhook receivers: keeps every request, answers each as
 * `answer` says (204 unless told otherwise, per path); 'never' holds the request open until the
 * caller gives up or the receiver stops.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  answer: (request: ReceivedWebhook) => ReceiverAnswer = () => ({ status: 204 });
  private server?: Server;
  private readonly hanging = new Set<ServerResponse>();
  private waiters: Array<{ done: () => boolean; resolve: () => void }> = [];
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request: ReceivedWebhook = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        this.received.push(request);
        this.waiters = this.waiters.filter((w) => (w.done() ? (w.resolve(), false) : true));
        const answer = this.answer(request);
        if (answer === 'never') {
          this.hanging.add(res);
          res.on('close', () => this.hanging.delete(res));
          return;
        }
        const send = () => res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
        if (answer.delayMs) setTimeout(send, answer.delayMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** `http://127.0.0.1:<port><path>` */
  url(path = '/'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** What arrived on `path` (path and query), oldest first. */
  on(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Resolves once `count` requests have arrived on `path` (any path when omitted). */
  waitFor(count: number, path?: string, timeoutMs = 20_000): Promise<void> {
    const done = () => (path === undefined ? this.received.length : this.on(path).length) >= count;
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for ${count} webhooks${path ? ` on ${path}` : ''}`)),
        timeoutMs,
      );
      this.waiters.push({ done, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
