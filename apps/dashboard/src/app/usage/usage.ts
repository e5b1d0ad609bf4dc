import type { components } from '@intake/sdk-types';
import { errorMessageKey } from '../api/error-message';
import { ApiFailure } from '../api/failures';
import { type MessageKey } from '../i18n/catalogues/en';

export type PricedPlan = components['schemas']['PricedPlanView'];

/** How much of a quota is used, in whole percent from 0 to 100 (a limit of 0 is full as soon as anything is used). */
export function percentOf(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)));
}

/** The meter's colour: calm below 80 %, a warning from 80 %, red when the quota is used up. */
export function meterColor(used: number, limit: number): 'teal' | 'yellow' | 'red' {
  if (limit <= 0 ? used > 0 : used >= limit) return 'red';
  return percentOf(used, limit) >= 80 ? 'yellow' : 'teal';
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A size the language's way, in steps of 1024 as storage quotas are counted (25 GB is 25 × 1024³
 * bytes): `0 byte`, `1.5 MB`, `25 GB`; at most one decimal, none for bytes.
 */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(unit === 0 ? value : Math.floor(value * 10) / 10);
}

/** A count the language's way (1 000 / 1,000 / 1.000). */
export const formatCount = (n: number, language: string): string => new Intl.NumberFormat(language).format(n);

/** A monthly price the language's way (0 shows as free elsewhere; the currency is ISO 4217, lower case). */
export const formatPrice = (amount: number, currency: string, language: string): string =>
  new Intl.NumberFormat(language, {
    style: 'currency',
    currency: currency.toUpperCase(),
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);

export type SmsPack = components['schemas']['CheckoutCreditsRequest']['sms_credits'];

/**
 * The SMS credit packs on sale (pricing.json's sms_credit_packs) that POST /v1/billing/checkout
 * takes, smallest first; none on a plan without SMS (the API answers 402 plan_required there).
 */
export function smsPacksOf(packs: readonly number[], planHasSms: boolean): SmsPack[] {
  if (!planHasSms) return [];
  const known: readonly number[] = [100, 500, 1000] satisfies readonly SmsPack[];
  return packs.filter((pack): pack is SmsPack => known.includes(pack)).sort((a, b) => a - b);
}

/** The query the payment provider's return adds to the billing page's address: `?checkout=success|cancelled`. */
export type CheckoutReturn = 'success' | 'cancelled';

export function checkoutReturnOf(params: URLSearchParams): CheckoutReturn | null {
  const value = params.get('checkout');
  return value === 'success' || value === 'cancelled' ? value : null;
}

/** The paid plans above the current one, cheapest first (pricing.json lists Free, Solo, Studio, Agency in order). */
export function upgradesFrom(current: string, plans: readonly PricedPlan[]): PricedPlan[] {
  const at = plans.findIndex((plan) => plan.id === current);
  return plans.slice(at + 1).filter((plan) => plan.id !== 'free');
}

/**
 * The sentence for a failed billing request: billing not configured on this service (503
 * billing_not_configured) and a plan bought while subscribed (400 already_subscribed) have their
 * own; anything else the envelope's.
 */
export function billingProblemKey(failure: unknown): MessageKey {
  if (failure instanceof ApiFailure) {
    const reason = failure.envelope?.reason;
    if (reason === 'billing_not_configured') return 'usage.billing_not_configured';
    if (reason === 'already_subscribed') return 'usage.already_subscribed';
    if (failure.status === 403) return 'usage.owner_only';
  }
  return errorMessageKey(failure);
}
