import type { PricedCart } from '@hostcart/shared-data-access-api';
import { noticeDays, noticePeriod } from '@hostcart/shared-util-pricing';
import { termLines } from './priced-lines';

/**
 * The distinct contract terms (months, one-time left out), billing intervals (months, billed in
 * advance; none left out) and notice periods of the cart, each sorted ascending: what the footnote
 * lists (spec §9). The notice periods are those the customer is held to (noticeDays: a consumer at
 * most one month, as the confirm page states), in days, one per period as it is worded (28 and 30
 * days are both "1 month").
 */
export function footnotePeriods(priced: PricedCart, consumer: boolean): { maturities: number[]; billing: number[]; cancellations: number[] } {
  const maturities = new Set<number>();
  const billing = new Set<number>();
  const notices = new Map<string, number>();
  for (const line of termLines(priced)) {
    if (line.maturity_months > 0) maturities.add(line.maturity_months);
    if (line.maturity_months > 0 && line.interval_months > 0) billing.add(line.interval_months);
    const days = noticeDays(line.cancelation_period, consumer);
    const worded = noticePeriod(days);
    if (line.maturity_months > 0 && worded) {
      const key = `${worded.unit}${worded.count}`;
      notices.set(key, Math.min(notices.get(key) ?? days, days));
    }
  }
  const asc = (a: number, b: number) => a - b;
  return { maturities: [...maturities].sort(asc), billing: [...billing].sort(asc), cancellations: [...notices.values()].sort(asc) };
}
