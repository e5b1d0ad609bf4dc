/** A provider event, verified and reduced to what billing acts on. */
export type PaymentEvent = { id: string; type: string; created: Date } & (
  | {
      kind: 'checkout_completed';
      customerId: string | null;
      /** The checkout's client reference: the account that started it. */
      accountId: string | null;
      mode: 'subscription' | 'payment' | 'setup';
      paid: boolean;
      /** For a credit pack: how many SMS credits it bought (from the checkout's metadata). */
      smsCredits: number | null;
    }
  | {
      kind: 'subscription';
      customerId: string;
      subscriptionId: string;
      subscriptionCreated: Date;
      status: string;
      priceId: string | null;
      deleted: boolean;
    }
  | { kind: 'payment_failed'; customerId: string; subscriptionId: string | null }
  | { kind: 'payment_succeeded'; customerId: string; subscriptionId: string | null }
  | { kind: 'other' }
);

export interface CheckoutInput {
  customerId: string;
  accountId: string;
  mode: 'subscription' | 'payment';
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
}

/** The payment provider (Stripe, in @intake/payments-stripe). */
export abstract class PaymentsProvider {
  /** The account's customer, created once: the account id is the idempotency key. */
  abstract createCustomer(input: { accountId: string; email: string; name: string }): Promise<string>;
  abstract createCheckout(input: CheckoutInput): Promise<{ url: string }>;
  abstract createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * Verifies the signature over the exact body (with the provider's tolerance) and decodes the
   * event; throws PaymentSignatureError when it does not verify.
   */
  abstract verifyEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export class PaymentSignatureError extends Error {
  override name = 'PaymentSignatureError';
}
