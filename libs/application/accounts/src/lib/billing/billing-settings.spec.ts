import { BillingSettings } from './billing-settings';

const PRICES = { monthly: { solo: 19, studio: 49, agency: 149 }, currency: 'eur' };

describe('BillingSettings.planOfPrice', () => {
  const settings = new BillingSettings(
    {
      prices: { solo: 'price_solo', studio: 'price_studio', agency: 'price_agency' },
      smsPacks: { 100: 'price_sms100', 500: 'price_sms500', 1000: 'price_sms1000' },
      returnUrl: 'https://app.example/billing',
    },
    PRICES,
  );

  it('maps each configured price to its plan', () => {
    expect(['price_solo', 'price_studio', 'price_agency'].map((p) => settings.planOfPrice(p))).toEqual([
      'solo',
      'studio',
      'agency',
    ]);
  });

  it('knows no plan for another price, a pack price or no price', () => {
    expect(settings.planOfPrice('price_other')).toBeUndefined();
    expect(settings.planOfPrice('price_sms100')).toBeUndefined();
    expect(settings.planOfPrice(null)).toBeUndefined();
  });

  it('knows no plan at all while billing is not configured', () => {
    expect(new BillingSettings(undefined, PRICES).planOfPrice('price_solo')).toBeUndefined();
  });
});
