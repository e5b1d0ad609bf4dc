import { Module } from '@nestjs/common';
import {
  ApplyPaymentEvent,
  BillingCustomers,
  BillingSettings,
  billingNotConfigured,
  OpenBillingPortal,
  PaymentsProvider,
  StartCheckout,
} from '@intake/application-accounts';
import { APP_CONFIG, type AppConfig } from '@intake/config';
import { useCase } from '@intake/http';
import { Clock } from '@intake/kernel';
import { StripePayments } from '@intake/payments-stripe';
import { BillingController } from './billing.controller';

/** Every call fails as billing being off (the use cases refuse before calling it anyway). */
class NoPayments extends PaymentsProvider {
  createCustomer(): Promise<string> {
    throw billingNotConfigured();
  }
  createCheckout(): Promise<{ url: string }> {
    throw billingNotConfigured();
  }
  createPortal(): Promise<{ url: string }> {
    throw billingNotConfigured();
  }
  verifyEvent(): never {
    throw billingNotConfigured();
  }
}

export function billingSettingsOf(config: AppConfig): BillingSettings {
  const stripe = config.billing.stripe;
  return new BillingSettings(
    stripe && { prices: stripe.prices, smsPacks: stripe.smsPacks, returnUrl: `${config.appUrl}/billing` },
    { monthly: config.billing.monthly, currency: config.billing.currency },
  );
}

/** Billing (the accounts context): checkout, portal, the provider's events; Stripe when configured. */
@Module({
  controllers: [BillingController],
  providers: [
    { provide: BillingSettings, inject: [APP_CONFIG], useFactory: billingSettingsOf },
    {
      provide: PaymentsProvider,
      inject: [APP_CONFIG, Clock],
      useFactory: (config: AppConfig, clock: Clock) => {
        const stripe = config.billing.stripe;
        if (!stripe) return new NoPayments();
        return new StripePayments(
          {
            secretKey: stripe.secretKey,
            webhookSecret: stripe.webhookSecret,
            apiBase: new URL(stripe.apiBase),
            toleranceSeconds: stripe.toleranceSeconds,
            timeoutMs: 10_000,
          },
          clock,
        );
      },
    },
    useCase(BillingCustomers),
    useCase(StartCheckout),
    useCase(OpenBillingPortal),
    useCase(ApplyPaymentEvent),
  ],
  exports: [BillingSettings],
})
export class BillingModule {}
