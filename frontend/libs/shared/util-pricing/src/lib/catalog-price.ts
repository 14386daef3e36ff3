import { addonAmount, displayedFromPrice, effectiveVat, type DisplayedPrice, type FromPriceAmounts } from './price';
import { amountDisplay } from './presentation';

/**
 * The per-month price of one catalog maturity as the brand shows it (spec §9: "per month, with
 * VAT factor when configured"): the display unit of the price presentation (presentation.ts, the
 * twin of libs/go/pricing), so it is the figure the cart prints for the same choice.
 */
export function maturityDisplayCents(netCents: number, vatPercent: number, withVat: boolean): number {
  return amountDisplay(Math.trunc(netCents), vatPercent, withVat);
}

/**
 * The price an addon offered in the cart shows from its catalog from_price: per month, or one-time
 * with its setup fee when its term has 0 months or costs nothing (spec §9) — never "from 0.00 per
 * month". Gross or net as the brand shows prices, at the session's VAT rate when it sets one.
 */
export function displayedAddonFromPrice(
  fromPrice: (FromPriceAmounts & { maturity_months: number }) | null | undefined,
  withVat: boolean,
  sessionVat?: number,
): (DisplayedPrice & { oneTime: boolean }) | undefined {
  if (!fromPrice) return undefined;
  const { netCents, oneTime } = addonAmount(fromPrice.maturity_months, fromPrice.net_cents, fromPrice.setup_fee_cents);
  if (!oneTime) return { ...(displayedFromPrice(fromPrice, withVat, sessionVat) as DisplayedPrice), oneTime };
  const vatPercent = sessionVat ?? fromPrice.vat_percent;
  return { cents: maturityDisplayCents(netCents, vatPercent, withVat), withVat, vatPercent, oneTime };
}

/** The catalog maturity fields the addon price needs (a PaymentMaturity of the catalog API). */
export interface MaturityPriceInput {
  months: number;
  price_cents: number;
  setup_fee_cents: number;
  payment_intervals: readonly { is_active: boolean; interval_vat: number }[];
}

/**
 * The price an addon shows for one catalog maturity — the one it would be added with — per month,
 * or once with its setup fee (spec §9): the presentation's display unit (presentation.ts), the
 * figure the cart prints for the addon's line once it is added. The extras screens and the cart's
 * addon offers both print this, so a choice has one price on every screen (issue 23, finding 2).
 */
export function addonMaturityPrice(maturity: MaturityPriceInput, withVat: boolean, sessionVat?: number): { cents: number; oneTime: boolean } {
  const { netCents, oneTime } = addonAmount(maturity.months, maturity.price_cents, maturity.setup_fee_cents);
  return { cents: maturityDisplayCents(netCents, maturityVat(maturity, sessionVat), withVat), oneTime };
}

/** The VAT percent a catalog maturity is charged with: its active interval's, as the session's VAT sets it (effectiveVat). */
export function maturityVat(maturity: Pick<MaturityPriceInput, 'payment_intervals'>, sessionVat?: number): number {
  return effectiveVat(maturity.payment_intervals.find((i) => i.is_active)?.interval_vat ?? 0, sessionVat);
}

/**
 * The maturity an addon offered for an item joins with: the one of the product's term, else a
 * one-time one (spec §2, as the extras screens choose it).
 */
export function addonMaturityFor<M extends { months: number; is_active: boolean }>(maturities: readonly M[] | undefined, productMonths: number): M | undefined {
  const active = (maturities ?? []).filter((m) => m.is_active);
  return active.find((m) => m.months === productMonths) ?? active.find((m) => m.months === 0);
}
