import type { PricedCart } from '@hostcart/shared-data-access-api';
import { termLines } from './priced-lines';

/**
 * The distinct contract terms (months, one-time left out), billing intervals (months, billed in
 * advance; none left out) and cancellation periods (days) of the cart, each sorted ascending: what
 * the footnote lists (spec §9).
 */
export function footnotePeriods(priced: PricedCart): { maturities: number[]; billing: number[]; cancellations: number[] } {
  const maturities = new Set<number>();
  const billing = new Set<number>();
  const cancellations = new Set<number>();
  for (const line of termLines(priced)) {
    if (line.maturity_months > 0) maturities.add(line.maturity_months);
    if (line.maturity_months > 0 && line.interval_months > 0) billing.add(line.interval_months);
    if (line.cancelation_period > 0) cancellations.add(line.cancelation_period);
  }
  const asc = (a: number, b: number) => a - b;
  return { maturities: [...maturities].sort(asc), billing: [...billing].sort(asc), cancellations: [...cancellations].sort(asc) };
}
