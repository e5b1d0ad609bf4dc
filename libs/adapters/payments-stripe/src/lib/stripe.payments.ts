import type Stripe from 'stripe';
import {
  type CheckoutInput,
  type PaymentEvent,
  PaymentSignatureError,
  PaymentsProvider,
} from '@intake/application-accounts';
import { type Clock } from '@intake/kernel';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The API's address: https://api.stripe.com, or a local fake in tests. */
  apiBase: URL;
  /** Seconds a signed event stays acceptable (Stripe's default: 300). */
  toleranceSeconds: number;
  /** Milliseconds a call may take before it fails. */
  timeoutMs: number;
}

const seconds = (unix: number) => new Date(unix * 1000);
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * The `stripe` module, loaded on first use: only an api with billing configured constructs
 * StripePayments, and the client costs about 16 MiB of memory in every process that loads it.
 */
let stripeLibrary: typeof Stripe | undefined;
const loadStripe = (): typeof Stripe => (stripeLibrary ??= require('stripe') as typeof Stripe);

/**
 * The payments port on Stripe, through the official `stripe` client: customers, Checkout Sessions
 * (subscription mode for plans, payment mode for SMS credit packs), Billing Portal sessions, and
 * events verified with `webhooks.constructEvent` against our clock.
 */
export class StripePayments extends PaymentsProvider {
  private readonly stripe: Stripe;

  constructor(
    private readonly settings: StripeSettings,
    private readonly clock: Clock,
  ) {
    super();
    const base = settings.apiBase;
    const StripeClient = loadStripe();
    this.stripe = new StripeClient(settings.secretKey, {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
      timeout: settings.timeoutMs,
      maxNetworkRetries: 2,
      telemetry: false,
      appInfo: { name: 'intake-service' },
    });
  }

  async createCustomer(input: { accountId: string; email: string; name: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: input.email, name: input.name, metadata: { account_id: input.accountId } },
      { idempotencyKey: `customer-${input.accountId}` },
    );
    return customer.id;
  }

  async createCheckout(input: CheckoutInput): Promise<{ url: string }> {
    const session = await this.stripe.checkout.sessions.create({
      mode: input.mode,
      customer: input.customerId,
      client_reference_id: input.accountId,
      line_items: [{ price: input.priceId, quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      metadata: input.metadata,
      ...(input.mode === 'subscription' ? { subscription_data: { metadata: input.metadata } } : {}),
    });
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
    return { url: session.url };
  }

  async createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: input.customerId,
      return_url: input.returnUrl,
    });
    return { url: session.url };
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    if (!signature) throw new PaymentSignatureError('the Stripe-Signature header is missing');
    const now = this.clock.now().getTime();
    // Stripe's library refuses events too old; one signed too far ahead is refused here as well.
    const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
    if (signedAt * 1000 > now + this.settings.toleranceSeconds * 1000)
      throw new PaymentSignatureError('Timestamp outside the tolerance zone');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.settings.webhookSecret,
        this.settings.toleranceSeconds,
        undefined,
        now, // milliseconds: the library divides by 1000
      );
    } catch (error) {
      if (error instanceof loadStripe().errors.StripeSignatureVerificationError)
        throw new PaymentSignatureError(error.message.split('\n')[0] ?? 'signature verification failed');
      throw new PaymentSignatureError('the event is not valid JSON');
    }
    return toPaymentEvent(event);
  }
}

/** Stripe's event, reduced to what billing acts on. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type, created: seconds(event.created) };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const credits = Number(session.metadata?.['sms_credits']);
      return {
        ...base,
        kind: 'checkout_completed',
        customerId: idOf(session.customer),
        accountId: session.client_reference_id ?? null,
        mode: session.mode === 'subscription' ? 'subscription' : session.mode === 'payment' ? 'payment' : 'setup',
        paid: session.payment_status === 'paid',
        smsCredits: Number.isInteger(credits) && credits > 0 ? credits : null,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const customerId = idOf(subscription.customer);
      if (!customerId) return { ...base, kind: 'other' };
      return {
        ...base,
        kind: 'subscription',
        customerId,
        subscriptionId: subscription.id,
        subscriptionCreated: seconds(subscription.created),
        status: subscription.status,
        priceId: subscription.items.data[0]?.price.id ?? null,
        deleted: event.type === 'customer.subscription.deleted',
      };
    }
    case 'invoice.payment_failed':
    case 'invoice.paid': {
      const invoice = event.data.object;
      const customerId = idOf(invoice.customer);
      if (!customerId) return { ...base, kind: 'other' };
      const details = invoice.parent?.subscription_details;
      return {
        ...base,
        kind: event.type === 'invoice.paid' ? 'payment_succeeded' : 'payment_failed',
        customerId,
        subscriptionId: idOf(details?.subscription),
      };
    }
    default:
      return { ...base, kind: 'other' };
  }
}
