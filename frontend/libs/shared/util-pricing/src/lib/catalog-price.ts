import { addonAmount, displayedFromPrice, type DisplayedPrice, type FromPriceAmounts } from './price';
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
