import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Form = { [key: string]: string | Form };

/** Stripe's form encoding (`metadata[account_id]=…`, `line_items[0][price]=…`) into nested objects. */
export function parseStripeForm(body: string): Form {
  const out: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Form;
    }
  }
  return out;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const unix = () => Math.floor(Date.now() / 1000);

/** The price ids fakeStripeEnvironment configures, by variable. */
export const FAKE_STRIPE_PRICES = {
  STRIPE_PRICE_SOLO: 'price_solo',
  STRIPE_PRICE_STUDIO: 'price_studio',
  STRIPE_PRICE_AGENCY: 'price_agency',
  STRIPE_PRICE_SMS_100: 'price_sms100',
  STRIPE_PRICE_SMS_500: 'price_sms500',
  STRIPE_PRICE_SMS_1000: 'price_sms1000',
} as const;

/** The environment variables that point billing at a started FakeStripe. */
export function fakeStripeEnvironment(stripe: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    ...FAKE_STRIPE_PRICES,
  };
}

export interface FakeStripeCall {
  method: string;
  path: string;
  form: Form;
  idempotencyKey: string | undefined;
}

interface StripeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/**
 * A local stand-in for the few Stripe API endpoints billing calls: POST /v1/customers,
 * /v1/checkout/sessions and /v1/billing_portal/sessions, with Stripe's request encoding, its
 * bearer-key check, `Idempotency-Key` replays, and its response and error shapes. Records every
 * call; keeps the checkout sessions it created, so a test can complete one as Stripe would
 * (`completedCheckout`) and sign the event (`sign`).
 */
export class FakeStripe {
  readonly calls: FakeStripeCall[] = [];
  readonly customers = new Map<string, StripeCustomer>();
  readonly sessions = new Map<string, Stripe.Checkout.Session>();
  private readonly replays = new Map<string, string>();
  private server?: Server;

  constructor(
    readonly secretKey = 'sk_test_fake',
    readonly webhookSecret = 'whsec_fake_signing_secret',
  ) {}

  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('FakeStripe is not started');
    return `http://127.0.0.1:${address.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The signature header Stripe would send with this payload (its own library's test helper). */
  sign(payload: string, options: { timestamp?: number; secret?: string } = {}): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
    });
  }

  /** An event envelope as Stripe posts it. */
  event(type: string, object: object, created = unix()): { id: string; payload: string } {
    const eventId = id('evt');
    const payload = JSON.stringify(
      {
        id: eventId,
        object: 'event',
        api_version: '2026-10-28.endive',
        created,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      null,
      2,
    );
    return { id: eventId, payload };
  }

  /** The checkout session as Stripe completes it (paid), with the subscription it started in subscription mode. */
  completedCheckout(sessionId: string): Stripe.Checkout.Session {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    return {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      subscription: session.mode === 'subscription' ? id('sub') : null,
      url: null,
    };
  }

  /** A subscription object of the shape Stripe sends in customer.subscription.* events. */
  subscription(input: {
    id: string;
    customer: string;
    price: string;
    status: Stripe.Subscription.Status;
    created: number;
  }): object {
    return {
      id: input.id,
      object: 'subscription',
      customer: input.customer,
      status: input.status,
      created: input.created,
      start_date: input.created,
      cancel_at_period_end: false,
      canceled_at: input.status === 'canceled' ? unix() : null,
      ended_at: input.status === 'canceled' ? unix() : null,
      currency: 'eur',
      livemode: false,
      metadata: {},
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: { id: input.price, object: 'price', recurring: { interval: 'month', interval_count: 1 } },
            quantity: 1,
            current_period_start: input.created,
            current_period_end: input.created + 30 * 86_400,
          },
        ],
        has_more: false,
      },
    };
  }

  /** The last checkout session created (what a test usually completes next). */
  lastSession(): Stripe.Checkout.Session {
    const all = [...this.sessions.values()];
    const last = all[all.length - 1];
    if (!last) throw new Error('no checkout session was created');
    return last;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.calls.push({ method: req.method ?? 'GET', path, form, idempotencyKey });
    const send = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      if (idempotencyKey && status < 500) this.replays.set(`${path} ${idempotencyKey}`, text);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(text);
    };
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
        }),
      );
      return;
    }
    const replay = idempotencyKey && this.replays.get(`${path} ${idempotencyKey}`);
    if (replay) {
      res.writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' }).end(replay);
      return;
    }
    const missing = (param: string, value: unknown) =>
      send(400, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param,
          message: `No such ${param}: '${String(value)}'`,
        },
      });
    if (req.method === 'POST' && path === '/v1/customers') {
      const customer: StripeCustomer = {
        id: id('cus'),
        object: 'customer',
        email: (form['email'] as string) ?? null,
        name: (form['name'] as string) ?? null,
        metadata: (form['metadata'] as Record<string, string>) ?? {},
        created: unix(),
        livemode: false,
      };
      this.customers.set(customer.id, customer);
      return send(200, customer);
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const customer = form['customer'] as string;
      if (!this.customers.has(customer)) return missing('customer', customer);
      const lines = (form['line_items'] as Form | undefined)?.['0'] as Form | undefined;
      const sessionId = id('cs');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: form['mode'],
        customer,
        client_reference_id: (form['client_reference_id'] as string) ?? null,
        metadata: (form['metadata'] as Record<string, string>) ?? {},
        success_url: form['success_url'],
        cancel_url: form['cancel_url'],
        status: 'open',
        payment_status: 'unpaid',
        currency: 'eur',
        livemode: false,
        created: unix(),
        expires_at: unix() + 86_400,
        subscription: null,
        url: `https://checkout.stripe.com/c/pay/${sessionId}`,
        line_items_price: lines?.['price'],
      } as unknown as Stripe.Checkout.Session;
      this.sessions.set(sessionId, session);
      return send(200, session);
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = form['customer'] as string;
      if (!this.customers.has(customer)) return missing('customer', customer);
      const sessionId = id('bps');
      return send(200, {
        id: sessionId,
        object: 'billing_portal.session',
        customer,
        return_url: form['return_url'],
        created: unix(),
        livemode: false,
        url: `https://billing.stripe.com/p/session/${sessionId}`,
      });
    }
    send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` },
    });
  }
}
