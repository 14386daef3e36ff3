import type { Cart, Product, Promotion } from '@hostcart/shared-data-access-api';
import { activeIntervals, chosenPeriod, orderableMaturities } from '@hostcart/flow-util-guided-flow';

export interface PeriodIds {
  maturity_id: number;
  interval_id: number;
}

/**
 * Spec §4 "Promo code attached via the URL": the item adopts the promotion's maturity and interval
 * months when the product has a matching orderable one. The current period wins when it already
 * fits; otherwise the first fitting maturity (catalog order) with its default interval if that
 * fits, else its first fitting interval. Undefined when nothing has to change or nothing fits.
 */
export function promotionPeriod(product: Product, promotion: Pick<Promotion, 'supported'>, current: PeriodIds): PeriodIds | undefined {
  const months = promotion.supported?.maturity_months ?? [];
  const intervalMonths = promotion.supported?.interval_months ?? [];
  if (months.length === 0 && intervalMonths.length === 0) return undefined;
  const fitsMaturity = (m: number) => months.length === 0 || months.includes(m);
  const fitsInterval = (m: number) => intervalMonths.length === 0 || intervalMonths.includes(m);

  const now = chosenPeriod(product, current);
  const candidates = orderableMaturities(product).filter((m) => fitsMaturity(m.months));
  // The current maturity first: a promotion that fits it should not change the contract term.
  candidates.sort((a, b) => Number(b.id === now.maturity?.id) - Number(a.id === now.maturity?.id));
  for (const maturity of candidates) {
    const intervals = activeIntervals(maturity).filter((i) => fitsInterval(i.months));
    const interval =
      intervals.find((i) => maturity.id === now.maturity?.id && i.id === now.interval?.id) ?? intervals.find((i) => i.is_default) ?? intervals[0];
    if (!interval) continue;
    if (maturity.id === now.maturity?.id && interval.id === now.interval?.id) return undefined;
    return { maturity_id: maturity.id, interval_id: interval.id };
  }
  return undefined;
}

/** The product line of an item of the cart, if the item is there. */
export function productLineOf(cart: Cart, rowId: string) {
  return cart.items.find((i) => i.row_id === rowId)?.product;
}
