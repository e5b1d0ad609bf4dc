import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

/** One request as the fake received it, accepted or not. */
export interface FakeSmsRequest {
  method: string;
  path: string;
  contentType: string;
  /** HTTP Basic credentials as sent, decoded; null without a Basic Authorization header. */
  auth: { username: string; password: string } | null;
  /** The form fields of a POST (To, From, MessagingServiceSid, Body, …). */
  fields: Record<string, string>;
}

/** A message the fake accepted (answered 201). */
export interface ReceivedSms {
  sid: string;
  accountSid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  auth: { username: string; password: string };
}

/**
 * How the fake misbehaves: a Twilio refusal with its error JSON, a provider failure, or no
 * answer at all (to test a client's time-out).
 */
export type FakeSmsFailure =
  | 'invalid-number'
  | 'unsubscribed'
  | 'unauthorized'
  | 'rate-limited'
  | 'server-error'
  | 'html-bad-gateway'
  | 'hang';

const TWILIO_ERRORS = {
  'invalid-number': { status: 400, code: 21211, message: "Invalid 'To' Phone Number: {to}" },
  'not-mobile': { status: 400, code: 21614, message: "'To' number {to} is not a valid mobile number" },
  'cannot-route': { status: 400, code: 21612, message: "The 'To' phone number: {to}, is not currently reachable" },
  'no-permission': {
    status: 400,
    code: 21408,
    message: "Permission to send an SMS has not been enabled for the region indicated by the 'To' number: {to}",
  },
  unsubscribed: { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' },
  'body-required': { status: 400, code: 21602, message: 'Message body is required.' },
  'to-required': { status: 400, code: 21604, message: "A 'To' phone number is required." },
  'from-required': { status: 400, code: 21603, message: "A 'From' phone number is required." },
  'body-too-long': {
    status: 400,
    code: 21617,
    message: 'The concatenated message body exceeds the 1600 character limit.',
  },
  unauthorized: { status: 401, code: 20003, message: 'Authenticate' },
  'not-found': { status: 404, code: 20404, message: 'The requested resource {path} was not found' },
  'rate-limited': { status: 429, code: 20429, message: 'Too Many Requests' },
  'server-error': { status: 500, code: 20500, message: 'Internal Server Error' },
} as const;
type TwilioError = keyof typeof TWILIO_ERRORS;

/** Twilio's magic test numbers (what its test credentials answer for these `To` numbers). */
const MAGIC_RECIPIENTS: Record<string, TwilioError> = {
  '+15005550001': 'invalid-number',
  '+15005550002': 'cannot-route',
  '+15005550003': 'no-permission',
  '+15005550004': 'unsubscribed',
  '+15005550009': 'not-mobile',
};

const E164 = /^\+[1-9]\d{6,14}$/;

function hex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

function basicAuth(header: string | undefined): FakeSmsRequest['auth'] {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * A local fake of Twilio's Messages API on loopback (node:http), for adapter and end-to-end tests:
 * checks Basic auth against its account, records what it is sent, answers 201 with a generated
 * `SM…` sid and Twilio's error JSON (`{code, message, more_info, status}`) for what Twilio would
 * refuse, including its magic test numbers (+15005550001 invalid, +15005550004 unsubscribed, …).
 * `fail()` makes it refuse, break or hang on purpose.
 */
export class FakeSmsProvider {
  readonly accountSid: string;
  readonly authToken: string;
  /** Every request, in arrival order (refused and hanging ones too). */
  readonly requests: FakeSmsRequest[] = [];
  /** Messages it accepted, in order. */
  readonly messages: ReceivedSms[] = [];
  port = 0;
  private server?: Server;
  private failures: Array<{ mode: FakeSmsFailure; remaining: number }> = [];
  private waiters: Array<{ count: number; resolve: () => void }> = [];

  constructor(options: { accountSid?: string; authToken?: string } = {}) {
    this.accountSid = options.accountSid ?? `AC${hex(16)}`;
    this.authToken = options.authToken ?? hex(16);
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => res.destroy());
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** The base URL to configure (TWILIO_BASE_URL). */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Settings for the Twilio adapter, pointed at this fake. */
  settings(sender: { from?: string; messagingServiceSid?: string } = { from: '+15005550006' }) {
    return { baseUrl: this.url, accountSid: this.accountSid, authToken: this.authToken, ...sender };
  }

  /** Misbehaves in this way for the next `times` requests (every request when omitted). */
  fail(mode: FakeSmsFailure, times = Number.POSITIVE_INFINITY): void {
    this.failures.push({ mode, remaining: times });
  }

  /** Behaves again; keeps what was recorded. */
  heal(): void {
    this.failures = [];
  }

  /** Forgets recorded requests and messages and behaves again. */
  reset(): void {
    this.heal();
    this.requests.length = 0;
    this.messages.length = 0;
  }

  /** Resolves once at least `count` messages were accepted (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs = 5_000): Promise<void> {
    if (this.messages.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`only ${this.messages.length} of ${count} text messages arrived`)),
        timeoutMs,
      );
      this.waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    // Hanging requests keep their sockets open; close them so the server can stop.
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const contentType = req.headers['content-type'] ?? '';
    const fields: Record<string, string> = {};
    if (req.method === 'POST' && contentType.startsWith('application/x-www-form-urlencoded')) {
      for (const [key, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) fields[key] = value;
    }
    const request: FakeSmsRequest = {
      method: req.method ?? '',
      path,
      contentType,
      auth: basicAuth(req.headers.authorization),
      fields,
    };
    this.requests.push(request);

    const failure = this.nextFailure();
    if (failure === 'hang') return;
    if (failure === 'html-bad-gateway') {
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');
      return;
    }
    if (failure) return this.refuse(res, failure, request);

    const { auth } = request;
    if (!auth || auth.username !== this.accountSid || auth.password !== this.authToken) {
      return this.refuse(res, 'unauthorized', request);
    }
    const account = `/2010-04-01/Accounts/${this.accountSid}`;
    if (req.method === 'GET' && path === `${account}.json`) {
      return this.json(res, 200, {
        sid: this.accountSid,
        friendly_name: 'Fake account',
        status: 'active',
        type: 'Full',
        uri: `${account}.json`,
      });
    }
    if (req.method === 'POST' && path === `${account}/Messages.json`) return this.create(res, request, auth);
    return this.refuse(res, 'not-found', request);
  }

  private create(res: ServerResponse, request: FakeSmsRequest, auth: { username: string; password: string }): void {
    const { To: to, From: from, MessagingServiceSid: service, Body: body } = request.fields;
    if (!to) return this.refuse(res, 'to-required', request);
    if (!from && !service) return this.refuse(res, 'from-required', request);
    if (!body) return this.refuse(res, 'body-required', request);
    if (body.length > 1600) return this.refuse(res, 'body-too-long', request);
    const magic = MAGIC_RECIPIENTS[to];
    if (magic) return this.refuse(res, magic, request);
    if (!E164.test(to)) return this.refuse(res, 'invalid-number', request);

    const sid = `SM${hex(16)}`;
    const now = new Date().toUTCString().replace('GMT', '+0000');
    this.messages.push({
      sid,
      accountSid: this.accountSid,
      to,
      from: from ?? null,
      messagingServiceSid: service ?? null,
      body,
      auth,
    });
    this.waiters = this.waiters.filter((w) => (this.messages.length >= w.count ? (w.resolve(), false) : true));
    this.json(res, 201, {
      account_sid: this.accountSid,
      api_version: '2010-04-01',
      body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: from ?? null,
      messaging_service_sid: service ?? null,
      num_media: '0',
      num_segments: String(Math.max(1, Math.ceil(body.length / 153))),
      price: null,
      price_unit: 'USD',
      sid,
      status: service ? 'accepted' : 'queued',
      subresource_uris: { media: `/2010-04-01/Accounts/${this.accountSid}/Messages/${sid}/Media.json` },
      to,
      uri: `/2010-04-01/Accounts/${this.accountSid}/Messages/${sid}.json`,
    });
  }

  private nextFailure(): FakeSmsFailure | undefined {
    const next = this.failures[0];
    if (!next) return undefined;
    next.remaining -= 1;
    if (next.remaining <= 0) this.failures.shift();
    return next.mode;
  }

  private refuse(res: ServerResponse, error: TwilioError, request: FakeSmsRequest): void {
    const { status, code, message } = TWILIO_ERRORS[error];
    this.json(res, status, {
      code,
      message: message.replace('{to}', request.fields['To'] ?? '').replace('{path}', request.path),
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    });
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
}
