import { ApiFailure, type ErrorEnvelope, NetworkFailure } from '../api/failures';
import {
  billingProblemKey,
  checkoutReturnOf,
  formatBytes,
  formatCount,
  formatPrice,
  meterColor,
  percentOf,
  smsPacksOf,
  type PricedPlan,
  upgradesFrom,
} from './usage';

const envelope = (error: ErrorEnvelope['error'], reason?: string): ErrorEnvelope => ({
  error,
  message: 'm',
  request_id: 'req_1',
  ...(reason ? { reason } : {}),
});

describe('usage against the plan’s limits', () => {
  it('is a whole percentage from 0 to 100', () => {
    expect([percentOf(0, 100), percentOf(1, 3), percentOf(2, 3), percentOf(100, 100)]).toEqual([0, 33, 67, 100]);
    expect(percentOf(150, 100)).toBe(100);
    expect([percentOf(0, 0), percentOf(1, 0)]).toEqual([0, 100]);
  });

  it('colours the meter: calm, a warning from 80 %, red when used up', () => {
    expect([meterColor(79, 100), meterColor(80, 100), meterColor(99, 100), meterColor(100, 100)]).toEqual([
      'teal',
      'yellow',
      'yellow',
      'red',
    ]);
    expect([meterColor(0, 0), meterColor(1, 0)]).toEqual(['teal', 'red']);
  });

  it('formats sizes in steps of 1024 and counts the language’s way', () => {
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    expect(formatBytes(1023, 'en')).toBe('1,023 bytes');
    expect(formatBytes(1536 * 1024, 'en')).toBe('1.5 MB');
    expect(formatBytes(26_843_545_600, 'en')).toBe('25 GB');
    expect(formatBytes(26_843_545_600, 'cs')).toBe('25 GB');
    // German puts a no-break space between the number and its unit.
    expect(formatBytes(1.99 * 1024 ** 3, 'de')).toMatch(/^1,9\sGB$/);
    expect(formatBytes(5 * 1024 ** 5, 'en')).toBe('5,120 TB');
    expect(formatCount(1500, 'en')).toBe('1,500');
    expect(formatCount(1500, 'de')).toBe('1.500');
    expect(formatPrice(19, 'eur', 'en')).toBe('€19');
    expect(formatPrice(19.5, 'eur', 'de')).toMatch(/^19,50\s€$/);
  });

  it('reads the checkout’s return from the address', () => {
    expect(checkoutReturnOf(new URLSearchParams('checkout=success'))).toBe('success');
    expect(checkoutReturnOf(new URLSearchParams('checkout=cancelled'))).toBe('cancelled');
    expect(checkoutReturnOf(new URLSearchParams('checkout=maybe'))).toBeNull();
    expect(checkoutReturnOf(new URLSearchParams(''))).toBeNull();
  });

  it('offers the paid plans above the current one', () => {
    const plans = ['free', 'solo', 'studio', 'agency'].map((id) => ({ id }) as PricedPlan);
    expect(upgradesFrom('free', plans).map((plan) => plan.id)).toEqual(['solo', 'studio', 'agency']);
    expect(upgradesFrom('studio', plans).map((plan) => plan.id)).toEqual(['agency']);
    expect(upgradesFrom('agency', plans)).toEqual([]);
  });

  it('offers the SMS credit packs on sale only on a plan with SMS', () => {
    expect(smsPacksOf([1000, 100, 500], true)).toEqual([100, 500, 1000]);
    expect(smsPacksOf([100, 250], true)).toEqual([100]);
    expect(smsPacksOf([100, 500], false)).toEqual([]);
  });

  it('explains a billing failure as a sentence', () => {
    expect(billingProblemKey(new ApiFailure(503, envelope('service_unavailable', 'billing_not_configured')))).toBe(
      'usage.billing_not_configured',
    );
    expect(billingProblemKey(new ApiFailure(400, envelope('invalid_request', 'already_subscribed')))).toBe(
      'usage.already_subscribed',
    );
    expect(billingProblemKey(new ApiFailure(403, envelope('forbidden')))).toBe('usage.owner_only');
    expect(billingProblemKey(new ApiFailure(503, envelope('service_unavailable')))).toBe('error.service_unavailable');
    expect(billingProblemKey(new NetworkFailure(new Error('offline')))).toBe('error.network');
  });
});
