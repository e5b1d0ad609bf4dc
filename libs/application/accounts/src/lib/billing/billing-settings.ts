import { type PaidPlanId, type PlanId, type SmsPack } from '@intake/domain-accounts';

/** Billing as configured; `undefined` settings mean billing is off (503). */
export interface BillingConfiguration {
  prices: Record<PaidPlanId, string>;
  smsPacks: Record<SmsPack, string>;
  /** Where the provider sends the owner back: `<APP_URL>/billing`. */
  returnUrl: string;
}

/** The monthly price each paid plan is sold for, shown in /pricing.json (configuration too). */
export interface PlanPrices {
  monthly: Record<PaidPlanId, number>;
  currency: string;
}

export class BillingSettings {
  constructor(
    readonly configuration: BillingConfiguration | undefined,
    readonly prices: PlanPrices,
  ) {}

  /** The plan a configured subscription price is for. */
  planOfPrice(priceId: string | null): PlanId | undefined {
    const prices = this.configuration?.prices;
    if (!prices || !priceId) return undefined;
    return (Object.keys(prices) as PaidPlanId[]).find((plan) => prices[plan] === priceId);
  }
}
