import { addonAmount, displayedFromPrice, type DisplayedPrice, type FromPriceAmounts } from './price';

/**
 * The per-month price of one catalog maturity as the brand shows it (spec §9: "per month, with
 * VAT factor when configured"). The catalog sends each maturity's net price only, so the gross
 * figure is formed here with the rule of libs/go/pricing Gross: VAT fixed to hundredths of a
 * percent, integer arithmetic, one rounding half away from zero. Cart amounts never come from
 * here: they come priced from the cart service.
 */
export function maturityDisplayCents(netCents: number, vatPercent: number, withVat: boolean): number {
  if (!withVat) return netCents;
  const basis = 10000;
  const vatBasis = Number.isFinite(vatPercent) ? Math.round(vatPercent * 100) : 0;
  // Cents times basis points stay far below 2^53, so the product is exact.
  const num = Math.trunc(netCents) * (basis + vatBasis);
  const rounded = Math.floor((Math.abs(num) * 2 + basis) / (2 * basis));
  return num < 0 ? -rounded : rounded;
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
