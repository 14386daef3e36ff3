import type { Product, Promotion } from '@hostcart/shared-data-access-api';
import { promotionPeriod } from './order-rules';

function interval(id: number, months: number, is_default = false) {
  return { id, months, interval_vat: 19, is_active: true, is_default };
}

function maturity(id: number, months: number, intervals: ReturnType<typeof interval>[], extra: { is_default?: boolean; is_active?: boolean } = {}) {
  return { id, months, price_cents: 100, setup_fee_cents: 0, cancelation_period: 30, is_active: true, is_default: false, product_id: 1, payment_intervals: intervals, ...extra };
}

const product = {
  id: 1,
  payment_maturities: [
    maturity(1, 1, [interval(11, 1)]),
    maturity(12, 12, [interval(121, 1), interval(1212, 12, true)], { is_default: true }),
    maturity(24, 24, [interval(241, 1), interval(2412, 12), interval(2424, 24)]),
    maturity(36, 36, [interval(3636, 36)], { is_active: false }),
  ],
} as unknown as Product;

const promo = (maturity_months: number[], interval_months: number[] = []) =>
  ({ supported: { maturity_months, interval_months, for_addon: false, for_upsell: false } }) as Pick<Promotion, 'supported'>;

describe('promotionPeriod', () => {
  const current = { maturity_id: 12, interval_id: 1212 };

  it('adopts a fitting maturity with its default interval, else its first fitting interval', () => {
    expect(promotionPeriod(product, promo([24]), current)).toEqual({ maturity_id: 24, interval_id: 241 });
    expect(promotionPeriod(product, promo([24], [24]), current)).toEqual({ maturity_id: 24, interval_id: 2424 });
    expect(promotionPeriod(product, promo([1]), current)).toEqual({ maturity_id: 1, interval_id: 11 });
  });

  it('keeps the current period when it already fits, changing only what does not', () => {
    expect(promotionPeriod(product, promo([12, 24]), current)).toBeUndefined();
    expect(promotionPeriod(product, promo([], [12]), current)).toBeUndefined();
    expect(promotionPeriod(product, promo([12, 24], [1]), current)).toEqual({ maturity_id: 12, interval_id: 121 });
  });

  it('changes nothing for an unrestricted promotion or when no orderable maturity fits', () => {
    expect(promotionPeriod(product, promo([]), current)).toBeUndefined();
    expect(promotionPeriod(product, { supported: null }, current)).toBeUndefined();
    expect(promotionPeriod(product, promo([36]), current)).toBeUndefined();
    expect(promotionPeriod(product, promo([1], [12]), current)).toBeUndefined();
  });

  it('skips a fitting maturity without a fitting interval for the next one', () => {
    expect(promotionPeriod(product, promo([1, 24], [12]), current)).toEqual({ maturity_id: 24, interval_id: 2412 });
  });
});
